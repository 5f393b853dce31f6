// swiftc-flags:
import Foundation

/// Counts the files of an import, guarded by a lock as legacy code often is.
final class ImportProgress {
    private let lock = NSLock()
    private var finished = 0

    func fileFinished(_ name: String) async {
        lock.lock()
        finished += 1
        lock.unlock()
        print("\(name) finished on \(Thread.current)")
    }
}
