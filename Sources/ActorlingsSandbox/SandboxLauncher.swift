#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The launcher: confines its own process — Landlock and seccomp on Linux, Seatbelt on macOS —
/// after becoming the user the policy names, then executes the test binary, which inherits all
/// of it. It imports no Foundation, so the small `actorlings-sandbox` executable that runs it
/// starts in about a millisecond (the tool's own executable, which can run it too, loads
/// Foundation first).
public enum SandboxLauncher {
    /// Exit status of a launcher that could not apply the sandbox; the test binary never ran.
    public static let failureStatus: Int32 = 125
    /// What the launcher's failure message starts with, on standard error.
    public static let failurePrefix = "actorlings sandbox: "

    /// Why this machine cannot sandbox.
    public struct ProbeFailure: Error, Sendable {
        public var reason: String
    }

    /// Runs the launcher: called by `main` when the first argument is the launcher mode. Returns
    /// only when the sandbox could not be applied or the program could not be executed, with the
    /// exit status to end with; on success the process has become the program.
    public static func run(arguments: [String]) -> Int32 {
        let launch: SandboxPolicy.Launch
        do {
            launch = try SandboxPolicy.launch(parsing: arguments)
        } catch {
            return fail(error.description)
        }
        do throws(SandboxError) {
            try changeIdentity(launch.policy)
            try enter(launch.policy)
        } catch {
            return fail(error.description)
        }
        execute(launch.executable, arguments: launch.arguments)
        return fail("cannot execute \(launch.executable): \(String(cString: strerror(errno)))")
    }

    private static func fail(_ message: String) -> Int32 {
        let line = failurePrefix + message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        return failureStatus
    }

    /// Replaces this process with the program, keeping the environment.
    private static func execute(_ executable: String, arguments: [String]) {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        argv.withUnsafeBufferPointer { pointers in
            guard let base = pointers.baseAddress else { return }
            execv(executable, base)
        }
    }

    /// Who the test process runs as, decided by the tool (it knows the folders it made) and
    /// applied by the launcher before the sandbox: see ``SandboxPolicy/Identity``.
    private static func changeIdentity(_ policy: SandboxPolicy) throws(SandboxError) {
        switch policy.identity {
        case .unchanged:
            return
        case .unprivileged:
            // A user of the run's own, numbered after the launcher's process id (unique among the
            // runs alive at once), so that no two runs share a process limit or a /proc view. A
            // system that maps only a few user ids (a container's user namespace) gets `nobody`.
            let own = firstRunUser + UInt32(getpid())
            guard setgroups(0, nil) == 0 else { throw SandboxError("setgroups") }
            let user: uid_t
            if setgid(own) == 0 {
                user = own
            } else {
                guard setgid(unprivilegedGroup) == 0 else { throw SandboxError("setgid") }
                user = unprivilegedUser
            }
            // The folder and file the test may write become that user's (never a device such as
            // /dev/null, which other programs share).
            for path in policy.writableFolders + policy.writableFiles {
                var info = stat()
                guard lstat(path, &info) == 0 else { throw SandboxError("lstat \(path)") }
                let kind = info.st_mode & S_IFMT
                guard kind == S_IFREG || kind == S_IFDIR else { continue }
                guard lchown(path, user, user == own ? own : unprivilegedGroup) == 0 else { throw SandboxError("chown \(path)") }
            }
            guard setuid(user) == 0 else { throw SandboxError("setuid") }
            // A process that could become root again would not be unprivileged.
            guard setuid(0) != 0 else { throw SandboxError("setuid(0) still succeeds after dropping root", code: 0) }
        case .withoutCapabilities:
            try dropCapabilities()
        }
    }

    /// Whether an unprivileged user can reach a path: search permission on every folder above
    /// it for "others" (the user owns none of them), and read and execute permission on the path
    /// itself. Used by the tool to choose ``SandboxPolicy/Identity``.
    public static func othersCanReadAndExecute(_ path: String) -> Bool {
        let permission = S_IROTH | S_IXOTH
        var components = path.split(separator: "/").map(String.init)
        var current = ""
        let last = components.popLast()
        for component in components {
            current += "/" + component
            var info = stat()
            guard stat(current, &info) == 0, info.st_mode & S_IXOTH != 0 else { return false }
        }
        guard let last else { return true }
        var info = stat()
        guard stat(current + "/" + last, &info) == 0 else { return false }
        return info.st_mode & permission == permission
    }
}

/// A system call the launcher needed failed.
struct SandboxError: Error, CustomStringConvertible {
    var description: String

    init(_ call: String, code: Int32 = errno) {
        description = code == 0 ? call : "\(call) failed: \(String(cString: strerror(code)))"
    }
}
