import Foundation

/// One `actorlings` at a time builds and writes in a checkout.
///
/// Two processes checking the same exercise would write the same build folder at once (one
/// linking while the other compiles), and two writers of the progress file would undo each
/// other. The lock is an advisory `flock` on `.actorlings/actorlings.lock`, released by the
/// kernel when the process ends however it ends, so a crash never leaves a stale lock. The
/// holder writes its pid and command into the file so the next one can name it.
public final class CheckoutLock: Sendable {
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
        let directory = root + "/.actorlings"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/actorlings.lock"
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
            + ". Use that one (watch mode checks on every save), or stop it first; `actorlings hint`, `list` and `lesson` work alongside it."
    }
}
