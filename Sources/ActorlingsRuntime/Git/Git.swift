public import Foundation
import Synchronization

/// Every git process the tool starts: git located once, and run one way.
///
/// Git runs programs that configuration names — hooks, `core.fsmonitor`, `gpg.program` when
/// `log.showSignature` is set, `diff.external`, filter and textconv drivers, `core.pager`,
/// `core.sshCommand`, credential helpers — and reads configuration from the system, the user's
/// home, the repository and the environment. So each run has an environment of its own: no
/// `GIT_*` variable of the caller's (`GIT_DIR`, `GIT_CONFIG_PARAMETERS`, `GIT_EXTERNAL_DIFF`…),
/// `HOME` and `XDG_CONFIG_HOME` at `/dev/null` (nothing can be created below it), no system or
/// global configuration or attributes, no pager, no prompt, no optional locks; and the command
/// line switches off the monitor and hooks and allows a checkout owned by another user (a CI
/// container). That is enough for a repository the user owns (this checkout, the trusted
/// course). A submission's repository is never handed to git at all: see ``SubmissionRepository``.
public struct Git: Sendable {
    /// The git program, found once on `PATH`.
    public let executable: String
    let environment: [String: String]

    /// Finds git on the caller's `PATH`; nil when it is not there.
    public init?(environment caller: [String: String]) {
        guard let executable = Self.locate(environment: caller) else { return nil }
        self.executable = executable
        self.environment = Self.environment(from: caller)
    }

    /// Where git is on `PATH`, without running it; looked up once per `PATH` for the whole
    /// process, so every command and every `Git` value run the same program.
    public static func locate(environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? ""
        if let known = located.withLock({ $0[path] }) { return known }
        let found = ExecutableSearch.find("git", environment: environment)
        located.withLock { $0[path] = found }
        return found
    }

    /// `PATH` → where git was found there (nil: not there).
    private static let located = Mutex<[String: String?]>([:])

    /// No configuration but the command line's (no home, system or global file), no prompt, pager
    /// or helper program, no optional locks or replace objects, messages in one language.
    static let quietSettings: [String: String] = [
        "HOME": "/dev/null", "XDG_CONFIG_HOME": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_SYSTEM": "/dev/null",
        "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_ATTR_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "/bin/false",
        "GIT_PAGER": "cat", "PAGER": "cat", "GIT_OPTIONAL_LOCKS": "0", "GIT_NO_REPLACE_OBJECTS": "1", "LC_ALL": "C",
    ]

    /// The environment every git run gets: the caller's, without anything that points git at
    /// configuration, a repository or a program, and with the settings that keep it quiet.
    static func environment(from caller: [String: String]) -> [String: String] {
        var environment = caller.filter { key, _ in
            !key.hasPrefix("GIT_") && !["HOME", "XDG_CONFIG_HOME", "PAGER", "EDITOR", "VISUAL", "SSH_ASKPASS", "PREFIX"].contains(key)
        }
        environment.merge(quietSettings) { _, ours in ours }
        return environment
    }

    /// Options before every command: they win over any repository's configuration for the
    /// settings that run a program on the commands this tool uses, and `ext::` addresses (a
    /// shell command as a URL) are refused.
    static let safeOptions = [
        "--no-pager", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "safe.directory=*", "-c", "core.pager=cat",
        "-c", "protocol.ext.allow=never", "-c", "log.showSignature=false", "-c", "core.sshCommand=ssh",
        "-c", "credential.helper=", "-c", "submodule.recurse=false", "-c", "fetch.recurseSubmodules=false",
    ]

    /// What a git run printed: its standard output as bytes, its standard error as text.
    public struct Output: Sendable {
        public var status: ProcessResult.Termination
        public var standardOutput: Data
        public var standardError: String

        public var succeeded: Bool { status == .exited(0) }
        /// The standard output as text, trimmed.
        public var text: String { String(decoding: standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        /// The last line of the standard error, for a message.
        public var problem: String {
            standardError.split(whereSeparator: \.isNewline).last.map(String.init) ?? "exit status \(status)"
        }
    }

    /// Runs `git <safe options> <arguments>` in `directory` (nil: no repository around it
    /// matters, e.g. a clone). Standard output goes to a file of its own and is read back up to
    /// `outputLimit` bytes, so binary content and standard error never mix.
    public func run(
        _ arguments: [String], in directory: String?, timeLimit: Duration = .seconds(120), outputLimit: Int = 64 << 20
    ) async throws -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let stdout = scratch + "/stdout"
        var location: [String] = []
        var environment = environment
        if let directory {
            location = ["-C", directory]
        } else {
            // No repository around the scratch folder is looked for: a `.git` that someone put in
            // the temporary folder (learner code can write there) would otherwise be read.
            environment["GIT_CEILING_DIRECTORIES"] = URL(fileURLWithPath: scratch).deletingLastPathComponent().path
        }
        // `sh` only redirects: it runs git with the arguments exactly as given.
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: "/bin/sh",
                arguments: ["-c", "out=$1; shift; exec \"$@\" > \"$out\"", "sh", stdout, executable] + location + Self.safeOptions + arguments,
                environment: environment, workingDirectory: directory ?? scratch, timeLimit: timeLimit))
        let data = (try? Self.readBounded(stdout, limit: outputLimit)) ?? Data()
        return Output(status: result.termination, standardOutput: data, standardError: result.output)
    }

    /// The trimmed standard output of a successful run in `directory`, or nil.
    public func output(_ arguments: [String], in directory: String) async -> String? {
        guard let result = try? await run(arguments, in: directory), result.succeeded, !result.text.isEmpty else { return nil }
        return result.text
    }

    static func readBounded(_ path: String, limit: Int) throws -> Data {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        return try handle.read(upToCount: limit) ?? Data()
    }
}
