public import ActorlingsCore
import ActorlingsSandbox
import Foundation

/// The operating system's sandbox around every process that runs learner code.
///
/// The tool never sandboxes itself. It starts a launcher — `actorlings-sandbox`, a small
/// executable built beside the tool, or the tool itself in launcher mode — with the policy as
/// arguments (`SandboxPolicy`); the launcher (`SandboxLauncher`) applies the
/// sandbox to itself — Landlock and seccomp on Linux, Seatbelt on macOS — and, when it was
/// started by root, becomes an unprivileged user, then executes the test binary. Both are
/// inherited across `execve` and `fork`, so the test binary, the exit tests it starts and
/// anything learner code starts are inside from their first instruction.
public enum Sandbox {
    /// Exit status of a launcher that could not apply the sandbox; the test binary never ran.
    public static let launcherFailureStatus = SandboxLauncher.failureStatus
    /// What the launcher's failure message starts with, on standard error.
    public static let launcherFailurePrefix = SandboxLauncher.failurePrefix

    /// What this machine offers, asked of the kernel once per process.
    public static func probe() -> SandboxStatus { probed }
    private static let probed: SandboxStatus = {
        switch SandboxLauncher.probe() {
        case .success(let mechanism): .enforced(mechanism: mechanism)
        case .failure(let failure): .unavailable(reason: failure.reason)
        }
    }()
}

/// How the tool wraps one test run in the sandbox.
public struct SandboxSetup: Sendable {
    /// The `actorlings` executable that has the launcher mode.
    public var launcher: String
    /// The toolchain's `usr` folder: its runtime libraries are read by every test binary.
    public var toolchainRoot: String
    /// Other folders the test binary loads libraries from (Swift Testing's, named by the link flags).
    public var libraryFolders: [String]
    /// Every test run may read these: the toolchain, the library folders, the system's.
    var readable: [String]
    /// Besides the test binary, every test run may execute these: the symbolizer, the loader.
    var executable: [String]
    public var status: SandboxStatus

    /// A setup for `launcher`, an `actorlings` executable, and the toolchain that builds the tests.
    /// The small `actorlings-sandbox` built beside it is used instead when it is there: it starts
    /// in about a millisecond, where the tool's own executable first loads Foundation.
    public init(launcher: String, toolchain: Toolchain, status: SandboxStatus = Sandbox.probe()) {
        let small = URL(fileURLWithPath: launcher).deletingLastPathComponent().appendingPathComponent("actorlings-sandbox").path
        self.launcher = FileManager.default.isExecutableFile(atPath: small) ? small : launcher
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
        // What this machine has of the system's paths, looked up once, not on every test run.
        self.readable = [toolchainRoot] + libraryFolders + Sandbox.systemReadable.filter { FileManager.default.fileExists(atPath: $0) }
        self.executable = ([toolchainRoot + "/bin/llvm-symbolizer"] + Sandbox.systemExecutable).filter { FileManager.default.fileExists(atPath: $0) }
        self.status = status
    }

    /// The policy for one test run: read the toolchain and the system, execute the test binary,
    /// write only `scratch` and the event stream.
    func policy(binary: String, scratch: String, eventStream: String) -> SandboxPolicy {
        var policy = SandboxPolicy(
            readable: readable, executable: [binary] + executable, writableFolders: [scratch],
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
        let reachable = paths.allSatisfy { SandboxLauncher.othersCanReadAndExecute($0) }
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
