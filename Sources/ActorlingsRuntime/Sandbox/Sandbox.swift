public import ActorlingsCore
import Foundation

/// The operating system's sandbox around every process that runs learner code.
///
/// The tool never sandboxes itself. It starts its own executable in launcher mode
/// (``SandboxPolicy/launcherMode``) with the policy as arguments; the launcher applies the
/// sandbox to itself — Landlock and seccomp on Linux, Seatbelt on macOS — and, when it was
/// started by root, becomes an unprivileged user, then executes the test binary. Both are
/// inherited across `execve` and `fork`, so the test binary, the exit tests it starts and
/// anything learner code starts are inside from their first instruction.
public enum Sandbox {
    /// Exit status of a launcher that could not apply the sandbox; the test binary never ran.
    public static let launcherFailureStatus: Int32 = 125
    /// What the launcher's failure message starts with, on standard error.
    public static let launcherFailurePrefix = "actorlings sandbox: "

    /// What this machine offers, asked of the kernel once per process.
    public static func probe() -> SandboxStatus { probed }
    private static let probed: SandboxStatus = probePlatform()

    /// Runs the launcher: called by `main` when the first argument is the launcher mode. Returns
    /// only when the sandbox could not be applied or the program could not be executed, with the
    /// exit status to end with; on success the process has become the program.
    public static func runLauncher(arguments: [String]) -> Int32 {
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
        let line = launcherFailurePrefix + message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        return launcherFailureStatus
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
            let own = Sandbox.firstRunUser + UInt32(getpid())
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

    /// Whether the unprivileged user can reach a path: search permission on every folder above
    /// it for "others" (the user owns none of them), and `permission` (read, execute) on the
    /// path itself. Used by the tool to choose ``SandboxPolicy/Identity``.
    static func othersCanReach(_ path: String, permission: mode_t) -> Bool {
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

/// How the tool wraps one test run in the sandbox.
public struct SandboxSetup: Sendable {
    /// The `actorlings` executable that has the launcher mode.
    public var launcher: String
    /// The toolchain's `usr` folder: its runtime libraries are read by every test binary.
    public var toolchainRoot: String
    /// Other folders the test binary loads libraries from (Swift Testing's, named by the link flags).
    public var libraryFolders: [String]
    public var status: SandboxStatus

    /// A setup for `launcher`, an `actorlings` executable, and the toolchain that builds the tests.
    public init(launcher: String, toolchain: Toolchain, status: SandboxStatus = Sandbox.probe()) {
        self.launcher = launcher
        let swiftc = URL(fileURLWithPath: toolchain.swiftc).resolvingSymlinksInPath()
        self.toolchainRoot = swiftc.deletingLastPathComponent().deletingLastPathComponent().path
        // `-L/…`, `-F/…`, or a path after `-Xlinker -rpath`; and the whole app bundle a path is
        // in (Xcode's Swift Testing loads more of Xcode than its own folder).
        let named = toolchain.testingLinkFlags.compactMap { flag -> String? in
            let path = flag.hasPrefix("-L") || flag.hasPrefix("-F") ? String(flag.dropFirst(2)) : flag
            return path.hasPrefix("/") ? path : nil
        }
        let bundles = named.compactMap { path in path.range(of: ".app/").map { String(path[..<$0.lowerBound]) + ".app" } }
        self.libraryFolders = Array(Set(named + bundles)).sorted()
        self.status = status
    }

    /// The policy for one test run: read the toolchain and the system, execute the test binary,
    /// write only `scratch` and the event stream.
    func policy(binary: String, scratch: String, eventStream: String) -> SandboxPolicy {
        let symbolizer = toolchainRoot + "/bin/llvm-symbolizer"
        var policy = SandboxPolicy(
            readable: [toolchainRoot] + libraryFolders + Sandbox.systemReadable.filter { FileManager.default.fileExists(atPath: $0) },
            executable: [binary] + ([symbolizer] + Sandbox.systemExecutable).filter { FileManager.default.fileExists(atPath: $0) },
            writableFolders: [scratch],
            writableFiles: [eventStream, "/dev/null"])
        policy.identity = Self.identity(reaching: [binary, toolchainRoot + "/lib"])
        return policy
    }

    /// Who the test process runs as. Root becomes an unprivileged user when others can reach the test
    /// binary and the toolchain (a checkout under a private home folder can't be reached): else
    /// it stays root without any capability, which the sandbox confines just as well on the
    /// file system and the network but leaves the files root owns to Landlock alone.
    static func identity(reaching paths: [String]) -> SandboxPolicy.Identity {
        guard geteuid() == 0 else { return .unchanged }
        let reachable = paths.allSatisfy { Sandbox.othersCanReach($0, permission: S_IROTH | S_IXOTH) }
        return reachable ? .unprivileged : .withoutCapabilities
    }

    /// Wraps a request so that the launcher runs it in the sandbox.
    func wrap(_ request: ProcessRequest, policy: SandboxPolicy) -> ProcessRequest {
        var wrapped = request
        wrapped.executable = launcher
        wrapped.arguments = policy.launcherArguments(executable: request.executable, arguments: request.arguments)
        return wrapped
    }
}
