// Don't change this file: it is the label printer's driver, from the printer's maker.
import Dispatch
import Synchronization

/// The driver of a warehouse's label printer. It isn't thread-safe: the maker's manual says to
/// make every call on the driver's own serial queue. It records each call, and each call made
/// anywhere else, so the tests can see how the app drives it.
nonisolated final class LabelDriver: Sendable {
    private let queue = DispatchQueue(label: "label-driver")
    private let key = DispatchSpecificKey<Bool>()
    private let calls = Mutex<(printed: [String], offQueue: [String])>(([], []))

    init() {
        queue.setSpecific(key: key, value: true)
    }

    /// Runs `work` on the driver's queue, after what is already queued there.
    func schedule(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }

    /// Whether the code calling this runs on the driver's queue.
    var isOnDriverQueue: Bool {
        DispatchQueue.getSpecific(key: key) == true
    }

    /// Prints one label. To be called on the driver's queue only.
    func feed(_ label: String) {
        let onQueue = isOnDriverQueue
        calls.withLock { calls in
            calls.printed.append(label)
            if !onQueue { calls.offQueue.append(label) }
        }
    }

    /// The labels printed so far, in order.
    var printed: [String] { calls.withLock { $0.printed } }
    /// The labels whose call was made off the driver's queue.
    var fedOffQueue: [String] { calls.withLock { $0.offQueue } }
}
