public import ActorlingsCore

/// A program to run, and the limits it runs within.
public struct ProcessRequest: Sendable {
    /// 1 MiB: room for a few thousand lines of test output, little enough to keep in memory.
    public static let defaultOutputLimit = 1 << 20

    /// Where the child's standard error goes.
    public enum StandardError: Sendable, Equatable {
        /// Into the same pipe as standard output, so the two keep their relative order (the default:
        /// a compiler's or a test's messages read as they were printed).
        case merged
        /// Into a pipe of its own, returned as ``ProcessResult/errors``: for a caller that must tell a
        /// tool's report from its complaints.
        case separate
    }

    /// What the child reads on standard input.
    public enum StandardInput: Sendable, Equatable {
        /// `/dev/null`: a child that reads gets end-of-file at once, and never the caller's keyboard.
        case empty
        /// The file at this path, opened for reading before the child starts.
        case file(String)
        /// These bytes, then end-of-file. They are put in an unlinked temporary file rather than a
        /// pipe, so a child that never reads them can't stall the run and one that exits early
        /// can't cost a `SIGPIPE`.
        case bytes([UInt8])
    }

    /// Absolute path of the program; no `PATH` search, so what runs never depends on the caller's shell.
    public var executable: String
    /// Arguments after the program's name (`argv[0]` is the executable path).
    public var arguments: [String]
    /// The child's complete environment: nothing is inherited implicitly, so runs are reproducible.
    public var environment: [String: String]
    /// The child's working directory; `nil` keeps the caller's.
    public var workingDirectory: String?
    /// How long the child may run before its whole session is killed; `nil` means no limit.
    public var timeLimit: Duration?
    /// Bytes kept of each captured stream (the merged output, or output and errors apart). Past it
    /// the first and last halves are kept and the middle is counted in ``ProcessResult/droppedBytes``
    /// (``ProcessResult/droppedErrorBytes``): a flood neither exhausts memory nor hides how a run ended.
    public var outputLimit: Int
    /// Merged into the output (the default) or kept apart.
    public var standardError: StandardError
    /// `/dev/null` unless the caller gives a file or bytes.
    public var standardInput: StandardInput

    public init(
        executable: String,
        arguments: [String] = [],
        environment: [String: String],
        workingDirectory: String? = nil,
        timeLimit: Duration? = nil,
        outputLimit: Int = ProcessRequest.defaultOutputLimit,
        standardError: StandardError = .merged,
        standardInput: StandardInput = .empty
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
        self.standardError = standardError
        self.standardInput = standardInput
    }
}

/// How a child ended, and what it printed.
public struct ProcessResult: Sendable, Equatable {
    /// Core's, so that the judge reads the same value the runner returns.
    public typealias Termination = ProcessTermination

    public var termination: Termination
    /// Standard output, with standard error in arrival order when the two were merged (they share
    /// one pipe), decoded as UTF-8 with invalid bytes replaced. When output was truncated the kept
    /// halves are simply joined.
    public var output: String
    /// Bytes of output dropped from the middle because of ``ProcessRequest/outputLimit``.
    public var droppedBytes: Int
    /// Standard error when it was kept apart (``ProcessRequest/StandardError/separate``), decoded and
    /// truncated like ``output``; empty when it was merged.
    public var errors: String
    /// Bytes of standard error dropped from the middle, as ``droppedBytes`` counts them for output.
    public var droppedErrorBytes: Int
    /// Wall-clock time from launch until the child was reaped.
    public var duration: Duration

    public init(
        termination: Termination, output: String, droppedBytes: Int = 0, duration: Duration = .zero, errors: String = "",
        droppedErrorBytes: Int = 0
    ) {
        self.termination = termination
        self.output = output
        self.droppedBytes = droppedBytes
        self.errors = errors
        self.droppedErrorBytes = droppedErrorBytes
        self.duration = duration
    }
}
