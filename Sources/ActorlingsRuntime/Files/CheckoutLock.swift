import ActorlingsCore
import Foundation

/// One `actorlings` at a time builds and writes in a checkout.
///
/// Two processes checking the same exercise would write the same build folder at once (one
/// linking while the other compiles), and two writers of the progress file would undo each
/// other. The lock is an advisory `flock` on `.actorlings/actorlings.lock`, released by the
/// kernel when the process ends however it ends, so a crash never leaves a stale lock. The
/// holder writes its pid and command into the file so the next one can name it.
///
/// Holders keep it only while they build or write: watch mode takes it for each check, not for
/// its whole run, so a learner can check, reset or read a solution in a second terminal while
/// watch mode runs; each waits for the other's current work (`acquire(root:command:waiting:)`).
public final class CheckoutLock: Sendable {
    /// How long a command waits for the lock by default: longer than a check in watch mode takes,
    /// short enough that a forgotten `grade` is named soon. `ACTORLINGS_LOCK_WAIT` (seconds)
    /// changes it.
    public static let defaultWait: Duration = .seconds(20)

    /// The wait `environment` asks for, or `defaultWait`.
    public static func wait(environment: [String: String]) -> Duration {
        environment["ACTORLINGS_LOCK_WAIT"].flatMap(Double.init).map { .milliseconds(Int(max(0, $0) * 1000)) } ?? defaultWait
    }

    /// Takes the lock, waiting (without holding a thread) up to `waiting` while another
    /// process has it; then throws `CheckoutBusyError` naming that process.
    public static func acquire(root: String, command: String, waiting: Duration) async throws -> CheckoutLock {
        let clock = ContinuousClock()
        let deadline = clock.now + waiting
        while true {
            do {
                return try acquire(root: root, command: command)
            } catch let busy as CheckoutBusyError {
                guard clock.now < deadline else { throw busy }
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private let descriptor: Int32
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Takes the lock, or throws `CheckoutBusyError` naming the process that holds it.
    public static func acquire(root: String, command: String) throws -> CheckoutLock {
        let folder = StateFolder(root: root)
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let path = folder.lock
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw CheckoutBusyError(holder: holder?.isEmpty == false ? holder : nil)
        }
        let note = "pid \(getpid()): actorlings \(command), since \(ISO8601DateFormatter().string(from: Date()))\n"
        _ = ftruncate(descriptor, 0)
        _ = note.withCString { pwrite(descriptor, $0, strlen($0), 0) }
        return CheckoutLock(descriptor: descriptor, path: path)
    }
}

public struct CheckoutBusyError: Error, Sendable, CustomStringConvertible {
    public var holder: String?

    public var description: String {
        "another actorlings is already working in this checkout" + (holder.map { " (\($0))" } ?? "")
            + " and did not finish in time. Wait for it, or stop it first; `actorlings hint`, `list` and `lesson` work alongside it."
    }
}
