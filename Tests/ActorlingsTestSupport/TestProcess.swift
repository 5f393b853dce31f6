public import ActorlingsRuntime
import Foundation

/// Processes a test starts: the built `actorlings` binary, git, or any other tool, all through the
/// tool's own ``Subprocess`` runner, so that tests exercise the code that runs learners' programs
/// and a test waiting for a child holds no thread of the cooperative pool.
///
/// Unlike ``ProcessRequest``, whose child gets only the environment it is given, a test's child
/// inherits this process's environment (with `environment` laid over it), as a program started
/// from a shell would.
public enum TestProcess {
    /// How a test's child ended and what it printed, standard output and standard error apart.
    public struct Run: Sendable, Equatable {
        public var termination: ProcessResult.Termination
        public var output: String
        public var errors: String

        public init(termination: ProcessResult.Termination, output: String, errors: String) {
            (self.termination, self.output, self.errors) = (termination, output, errors)
        }

        /// The exit status; for a child killed by a signal, the signal's number negated (so that
        /// no signal can pass for an exit status a test expects), and -1 for a time-out.
        public var status: Int32 {
            switch termination {
            case .exited(let status): status
            case .signaled(let signal): -signal
            case .timedOut: -1
            }
        }
    }

    /// 64 MiB of each stream: no test's output comes near it, and a runaway child still can't
    /// exhaust memory.
    public static let outputLimit = 64 << 20

    /// Runs `executable` (an absolute path) to completion.
    ///
    /// - Parameters:
    ///   - directory: the child's working folder; `nil` keeps this process's.
    ///   - environment: variables laid over this process's environment.
    ///   - standardInput: `/dev/null` unless a file or bytes are given.
    ///   - standardError: kept apart in ``Run/errors`` unless merged into the output, where it
    ///     keeps its place among the lines of output.
    ///   - timeLimit: when to kill the child's whole session; `nil` waits as long as it takes.
    public static func run(
        _ executable: String, _ arguments: [String] = [], in directory: String? = nil, environment: [String: String] = [:],
        standardInput: ProcessRequest.StandardInput = .empty, standardError: ProcessRequest.StandardError = .separate,
        timeLimit: Duration? = nil
    ) async throws -> Run {
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: executable, arguments: arguments,
                environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
                workingDirectory: directory, timeLimit: timeLimit, outputLimit: outputLimit,
                standardError: standardError, standardInput: standardInput))
        return Run(termination: result.termination, output: result.output, errors: result.errors)
    }

    /// Runs a tool found on this process's `PATH` (`git`, `bash`, `swift`), as `/usr/bin/env` would.
    public static func tool(
        _ name: String, _ arguments: [String] = [], in directory: String? = nil, environment: [String: String] = [:],
        standardInput: ProcessRequest.StandardInput = .empty, standardError: ProcessRequest.StandardError = .separate,
        timeLimit: Duration? = nil
    ) async throws -> Run {
        try await run(
            try locate(name), arguments, in: directory, environment: environment, standardInput: standardInput, standardError: standardError,
            timeLimit: timeLimit)
    }

    /// Runs git with a throwaway identity, so that commits work whatever the machine's git
    /// configuration holds. The caller decides what a failure means: the status is returned.
    @discardableResult
    public static func git(
        _ arguments: [String], in directory: String, name: String = "Test", email: String = "test@example.com"
    ) async throws -> Run {
        try await tool("git", ["-C", directory, "-c", "user.name=\(name)", "-c", "user.email=\(email)"] + arguments, in: directory)
    }

    /// Runs the `actorlings` binary SwiftPM built beside the tests.
    ///
    /// - Parameter user: runs the binary as this user and group, with no supplementary groups,
    ///   through util-linux `setpriv` (the caller must be root): how a test sees what root's
    ///   exemptions hide, such as the process limit.
    public static func actorlings(
        _ arguments: [String], in directory: String, environment: [String: String] = [:],
        standardInput: ProcessRequest.StandardInput = .empty, asUser user: UInt32? = nil
    ) async throws -> Run {
        guard let user else {
            return try await run(actorlingsBinary, arguments, in: directory, environment: environment, standardInput: standardInput)
        }
        return try await run(
            "/usr/bin/setpriv", ["--reuid=\(user)", "--regid=\(user)", "--clear-groups", actorlingsBinary] + arguments, in: directory,
            environment: environment, standardInput: standardInput)
    }

    /// The absolute path of `name` on this process's `PATH`.
    public static func locate(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ToolNotFound(name: name, path: path)
    }

    public struct ToolNotFound: Error, CustomStringConvertible {
        public var name: String
        public var path: String
        public var description: String { "\(name) is not on PATH (\(path)); install it or put its folder on PATH." }
    }

    /// The `actorlings` binary SwiftPM built next to the test bundle.
    ///
    /// On macOS `swift test` runs Swift Testing through `swiftpm-testing-helper` in the toolchain,
    /// so `argv[0]` leads nowhere near the build folder; the loaded test bundle does, and this
    /// file's own path gives the package's default `.build/debug` as a last resort.
    public static let actorlingsBinary: String = {
        let starts = [URL(fileURLWithPath: CommandLine.arguments[0])] + Bundle.allBundles.map(\.bundleURL)
        for start in starts {
            var directory = start.deletingLastPathComponent()
            while directory.path != "/" {
                let candidate = directory.appendingPathComponent("actorlings").path
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        return repositoryRoot + "/.build/debug/actorlings"
    }()

    /// The package's root folder, from this file's place in it.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
