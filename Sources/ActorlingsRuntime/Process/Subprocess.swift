import ActorlingsCore
import Foundation
import Synchronization

/// The child could not be started at all (as opposed to started and failed, which is a ``ProcessResult``).
public enum SubprocessError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotLaunch(executable: String, reason: String)

    public var description: String {
        switch self {
        case .cannotLaunch(let executable, let reason):
            "Cannot launch \(executable): \(reason)."
        }
    }
}

/// Live processes grouped by the session they belong to, and the orphans this process adopted.
///
/// Every child of ``Subprocess`` leads a session of its own, so "the session whose id is the child's
/// pid" is exactly the child and everything it forked that stayed in its session. A descendant that
/// starts a session of its own (`setsid`) leaves it; on Linux this process is a child subreaper
/// (``containOrphans()``), so such a descendant is re-parented here when its parent dies, and is
/// found and killed by ``killOrphans()``.
public enum ProcessTree {
    /// Children ``Subprocess`` launched and has not reaped yet: never mistaken for orphans.
    ///
    /// Held while a child is spawned and registered, and while orphans are chosen and killed, so a
    /// child spawned by another thread at that moment is never taken for one.
    static let children = Mutex<Set<pid_t>>([])

    /// Makes this process the one that adopts its descendants' orphans (Linux: a child subreaper).
    /// Called once by the tool at start; returns whether orphans can be contained on this platform.
    @discardableResult
    public static func containOrphans() -> Bool {
        let contained = becomeSubreaper()
        containing.store(contained, ordering: .releasing)
        return contained
    }

    /// Set once the tool is a subreaper. Without it, every process whose parent is this one is a
    /// child someone here started on purpose (the test suite starts many with `Foundation.Process`).
    private static let containing = Atomic<Bool>(false)

    /// Kills and reaps every process re-parented to this one that is not one of our own live
    /// children and not in our own session (a pager we started is in it; a learner's escaped
    /// descendant never can be). Repeats until none is left, because a killed orphan's own
    /// children are re-parented here in turn; gives up after `limit`.
    public static func killOrphans(for limit: Duration = .seconds(2)) {
        guard containing.load(ordering: .acquiring) else { return }
        let ownSession = getsid(0)
        let clock = ContinuousClock()
        let giveUp = clock.now + limit
        while clock.now < giveUp {
            let candidates = adoptedProcesses().filter { $0.session != ownSession }
            let found = children.withLock { live in
                let orphans = candidates.filter { !live.contains($0.pid) }
                for orphan in orphans {
                    if orphan.isZombie {
                        var status: Int32 = 0
                        _ = waitpid(orphan.pid, &status, WNOHANG)
                        continue
                    }
                    _ = kill(orphan.pid, SIGKILL)
                    // An orphan that leads its own session takes that session's members with it.
                    if orphan.session == orphan.pid {
                        for member in sessionMembers(of: orphan.pid) { _ = kill(member, SIGKILL) }
                    }
                }
                return orphans.count
            }
            guard found > 0 else { return }
            usleep(5_000)
        }
    }

    /// Whether anything a child that has exited started may still be alive. With orphans
    /// contained, every survivor of its session was re-parented to this process when the child
    /// exited, so the only sign of one is a child of ours that we did not launch; listing our
    /// children is a few small reads where searching all of `/proc` is hundreds. Where the kernel
    /// keeps no list of children, or orphans are not contained, the answer is always yes.
    static func mayHaveSurvivors() -> Bool {
        guard containing.load(ordering: .acquiring), let listed = childPIDs() else { return true }
        return children.withLock { live in listed.contains { !live.contains($0) } }
    }

    /// A process whose parent is this process.
    struct Adopted {
        var pid: pid_t
        var session: pid_t
        var isZombie: Bool
    }
}

/// Runs a child process the way a learner's code needs it: bounded in time and output, and
/// cleaned up completely, descendants included.
public enum Subprocess {
    /// Runs the request to completion.
    ///
    /// The blocking work (poll, read, waitpid) runs on a dedicated thread, never on the cooperative
    /// pool, whose few threads a hung child would otherwise pin. Cancelling the calling task kills
    /// the child's whole session within about 50 ms plus the grace period, then throws
    /// `CancellationError`.
    ///
    /// - Throws: ``SubprocessError/cannotLaunch(executable:reason:)`` when the child can't start;
    ///   `CancellationError` when the calling task was cancelled.
    public static func run(_ request: ProcessRequest) async throws -> ProcessResult {
        try Task.checkCancellation()
        let cancellation = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(with: Result { try runBlocking(request, cancellation: cancellation) })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// How often the supervising loop wakes to check the deadline, cancellation and the child.
    static let pollInterval: Duration = .milliseconds(50)
    /// How long processes get between SIGTERM and SIGKILL: enough to flush and exit, short enough
    /// that a hung exercise is reported at once.
    static let gracePeriod: Duration = .milliseconds(200)

    private static func runBlocking(_ request: ProcessRequest, cancellation: CancellationFlag) throws -> ProcessResult {
        let clock = ContinuousClock()
        let start = clock.now
        var child = try launch(request)
        let termination = try supervise(&child, until: request.timeLimit.map { start + $0 }, cancellation: cancellation)
        return ProcessResult(
            termination: termination,
            output: String(decoding: child.output.captured.bytes, as: UTF8.self),
            droppedBytes: child.output.captured.droppedBytes,
            duration: start.duration(to: clock.now),
            errors: child.errors.map { String(decoding: $0.captured.bytes, as: UTF8.self) } ?? "",
            droppedErrorBytes: child.errors?.captured.droppedBytes ?? 0
        )
    }

    private static func launch(_ request: ProcessRequest) throws(SubprocessError) -> ChildProcess {
        func failure(_ reason: String) -> SubprocessError {
            .cannotLaunch(executable: request.executable, reason: reason)
        }
        guard request.executable.hasPrefix("/") else {
            throw failure("the path must be absolute (no PATH search is done)")
        }
        if let directory = request.workingDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw failure("the working directory \(directory) does not exist") }
        }
        let input: Int32?
        do {
            input = try openStandardInput(request.standardInput)
        } catch {
            throw failure("cannot open its standard input: \(error.message)")
        }
        // The child has its own copy of standard input once spawned.
        defer { if let input { close(input) } }
        let output: (read: Int32, write: Int32)
        do {
            output = try openOutputPipe()
        } catch {
            throw failure("cannot create an output pipe: \(error.message)")
        }
        // The child owns its copies of the write ends from here on; keeping ours open would stop
        // the read ends from ever reporting end-of-file.
        defer { close(output.write) }
        var errors: (read: Int32, write: Int32)?
        if request.standardError == .separate {
            do {
                errors = try openOutputPipe()
            } catch {
                close(output.read)
                throw failure("cannot create an error pipe: \(error.message)")
            }
        }
        defer { if let errors { close(errors.write) } }
        do {
            let pid = try ProcessTree.children.withLock { live throws(SystemCallError) in
                let pid = try spawnRetryingBusyText(request, input: input, output: output.write, errors: errors?.write ?? output.write)
                live.insert(pid)
                return pid
            }
            return ChildProcess(pid: pid, output: output.read, errors: errors?.read, outputLimit: request.outputLimit)
        } catch {
            close(output.read)
            if let errors { close(errors.read) }
            throw failure(explanation(of: error, launching: request.executable))
        }
    }

    /// `ETXTBSY` means another thread of this process had the executable open for writing when
    /// some child was forked (a file written just before, inherited by a concurrent spawn); it
    /// clears as soon as that child execs, so a few short retries make it go away.
    private static func spawnRetryingBusyText(
        _ request: ProcessRequest, input: Int32?, output: Int32, errors: Int32
    ) throws(SystemCallError) -> pid_t {
        var attempts = 0
        while true {
            do {
                return try spawn(request, input: input, output: output, errors: errors)
            } catch  where error.code == ETXTBSY && attempts < 20 {
                attempts += 1
                usleep(UInt32(5_000 * attempts))
            }
        }
    }

    private static func explanation(of error: SystemCallError, launching executable: String) -> String {
        switch error.code {
        case ENOENT where access(executable, F_OK) == 0:
            "the file exists but its interpreter (#! line) or loader was not found"
        case ENOENT: "no such file"
        case EACCES: "permission denied (is it an executable file, in a directory you can enter?)"
        case ENOEXEC: "not a program this system can run"
        default: error.message
        }
    }

    /// Reads output until the child exits, the deadline passes or the caller cancels, and always
    /// leaves the child reaped and its session empty.
    private static func supervise(
        _ child: inout ChildProcess,
        until deadline: ContinuousClock.Instant?,
        cancellation: CancellationFlag
    ) throws -> ProcessResult.Termination {
        let clock = ContinuousClock()
        while true {
            if cancellation.isCancelled {
                child.killSession()
                ProcessTree.killOrphans()
                _ = child.reap()
                throw CancellationError()
            }
            // Checked before the deadline: a child that did finish gets its real outcome reported.
            if hasExited(child.pid) {
                if ProcessTree.mayHaveSurvivors() {
                    // A test binary that forked a background child must not leave it behind, nor
                    // keep our pipe open with it.
                    if !ProcessTree.sessionMembers(of: child.pid).isEmpty {
                        child.killSession()
                    }
                    // Descendants that escaped the session (setsid) were re-parented to us: kill
                    // them before draining, since they may hold the pipe open.
                    ProcessTree.killOrphans()
                }
                child.drain()
                return child.reap()
            }
            if let deadline, clock.now >= deadline {
                child.killSession()
                ProcessTree.killOrphans()
                child.drain()
                _ = child.reap()
                return .timedOut
            }
            var wait = pollInterval
            if let deadline { wait = min(wait, max(.zero, clock.now.duration(to: deadline))) }
            child.pump(waitingAtMost: wait)
        }
    }

    /// Calls `body` with a NULL-terminated array of C strings, freed afterwards: the `argv` and
    /// `envp` shape that `posix_spawn` wants.
    static func withCStringArray<Value>(
        _ strings: [String],
        _ body: ([UnsafeMutablePointer<CChar>?]) -> Value
    ) -> Value {
        let pointers = strings.map { strdup($0) } + [nil]
        defer {
            for pointer in pointers { free(pointer) }
        }
        return body(pointers)
    }
}

/// A failed system call, with the errno it left.
struct SystemCallError: Error {
    var call: String
    var code: Int32

    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    var message: String { "\(String(cString: strerror(code))) (\(call))" }
}

/// Set from the cancellation handler, read by the supervising thread. An `Atomic` because the one
/// bit is polled many times a second, and no lock is needed to make a single flag consistent.
final class CancellationFlag: Sendable {
    private let cancelled = Atomic<Bool>(false)

    func cancel() { cancelled.store(true, ordering: .releasing) }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}
