/// What a test process may touch once the operating system has sandboxed it; everything else is
/// denied by the kernel, whatever the code in the process asks for.
///
/// Learner code runs inside the test process, so this is the wall around it: the static screen
/// teaches, the sandbox enforces. The policy is built by the tool, handed to the launcher as
/// arguments (``launcherArguments(executable:arguments:)``), and applied there before the test
/// binary is executed, so no byte of it runs outside.
public struct SandboxPolicy: Sendable, Equatable {
    /// Folders and files that may be read: the toolchain's runtime libraries, system libraries,
    /// the few system files a Swift program reads at start.
    public var readable: [String]
    /// Files that may be executed (and read): the test binary itself (an exit test runs it again)
    /// and the toolchain's symbolizer.
    public var executable: [String]
    /// Folders in which the process may create, write, rename and delete: its own scratch folder.
    public var writableFolders: [String]
    /// Existing files the process may write but not replace or delete (the event stream, `/dev/null`).
    public var writableFiles: [String]
    /// Who the process runs as.
    public var identity: Identity

    /// Who a test process runs as, chosen by the tool before the launch.
    public enum Identity: String, Sendable, Equatable, CaseIterable {
        /// As the tool runs (a learner's own account).
        case unchanged = "unchanged"
        /// The tool runs as root (a CI container): the test runs as an unprivileged user of its
        /// own, one no other run shares (its process limit and `/proc` entries are its own), which
        /// owns its scratch folder and event stream and nothing else.
        case unprivileged = "unprivileged"
        /// The tool runs as root and `nobody` could not reach the test binary or the toolchain:
        /// root with every capability dropped, for good (no `setuid` back, no file capabilities).
        case withoutCapabilities = "no-capabilities"
    }

    public init(
        readable: [String] = [], executable: [String] = [], writableFolders: [String] = [], writableFiles: [String] = [],
        identity: Identity = .unchanged
    ) {
        self.readable = readable
        self.executable = executable
        self.writableFolders = writableFolders
        self.writableFiles = writableFiles
        self.identity = identity
    }

    /// The first argument that puts the `actorlings` executable in launcher mode. It is not a
    /// command: `help` never lists it, and nothing a learner types reaches it.
    public static let launcherMode = "__sandbox-exec"

    /// The launcher's command line after the program name: the mode, the policy, `--`, then the
    /// program to run and its arguments.
    public func launcherArguments(executable program: String, arguments: [String]) -> [String] {
        var result = [Self.launcherMode]
        for path in readable { result += ["--read", path] }
        for path in executable { result += ["--exec", path] }
        for path in writableFolders { result += ["--write-folder", path] }
        for path in writableFiles { result += ["--write-file", path] }
        if identity != .unchanged { result += ["--identity", identity.rawValue] }
        return result + ["--", program] + arguments
    }

    /// What the launcher was asked to do.
    public struct Launch: Sendable, Equatable {
        public var policy: SandboxPolicy
        public var executable: String
        public var arguments: [String]
    }

    /// Why a launcher command line could not be read: the tool wrote it, so this is a tool bug.
    public struct LaunchError: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { "the sandbox launcher's arguments are malformed: \(message)" }
    }

    /// Reads a launcher command line (the arguments after the program name).
    public static func launch(parsing arguments: [String]) throws(LaunchError) -> Launch {
        guard arguments.first == launcherMode else { throw LaunchError(message: "it must start with \(launcherMode)") }
        var policy = SandboxPolicy()
        var index = 1
        while index < arguments.count {
            let flag = arguments[index]
            if flag == "--" {
                guard index + 1 < arguments.count else { throw LaunchError(message: "no program after --") }
                let program = arguments[index + 1]
                guard program.hasPrefix("/") else { throw LaunchError(message: "the program \(program) is not an absolute path") }
                return Launch(policy: policy, executable: program, arguments: Array(arguments[(index + 2)...]))
            }
            guard index + 1 < arguments.count else { throw LaunchError(message: "\(flag) has no value") }
            let path = arguments[index + 1]
            if flag == "--identity" {
                guard let identity = Identity(rawValue: path) else { throw LaunchError(message: "unknown identity \(path)") }
                policy.identity = identity
                index += 2
                continue
            }
            guard path.hasPrefix("/") else { throw LaunchError(message: "\(flag) \(path) is not an absolute path") }
            switch flag {
            case "--read": policy.readable.append(path)
            case "--exec": policy.executable.append(path)
            case "--write-folder": policy.writableFolders.append(path)
            case "--write-file": policy.writableFiles.append(path)
            default: throw LaunchError(message: "unknown option \(flag)")
            }
            index += 2
        }
        throw LaunchError(message: "no -- before the program")
    }
}
