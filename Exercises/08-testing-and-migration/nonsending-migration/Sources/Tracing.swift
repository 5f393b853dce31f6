// The app's tracing: each step of the library notes where it runs. Don't change this file.
import Dispatch
import Synchronization

/// Where each traced step last ran; the task that runs the steps carries it.
final class TraceLog: Sendable {
    @TaskLocal static var current: TraceLog?
    private let places = Mutex<[String: String]>([:])
    /// Where `step` ran, or nil if it never ran in the task that carries this log.
    func place(of step: String) -> String? { places.withLock { $0[step] } }

    /// The main actor runs its jobs on the main dispatch queue, which this key marks.
    private static let mainQueue: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
    /// Notes where the code that calls it runs right now.
    static func note(_ step: String) {
        let onMain = DispatchQueue.getSpecific(key: mainQueue) == true
        current?.places.withLock { $0[step] = onMain ? "the main actor" : "off the main actor" }
    }
}
