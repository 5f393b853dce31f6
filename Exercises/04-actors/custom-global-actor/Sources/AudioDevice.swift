// The sound card's driver belongs to the platform team: this exercise doesn't change it.
import Synchronization

/// The sound card. It remembers every call it gets, and where the caller ran, so the tests can
/// tell which isolation domain drives the sound.
nonisolated final class AudioDevice: Sendable {
    struct Call: Sendable {
        let name: String
        /// The isolation domain of the code that made the call; `nil` when it had none.
        let isolation: (any Actor)?
    }

    private let calls = Mutex<[Call]>([])

    func start(isolation: (any Actor)? = #isolation) { record("start", isolation) }
    func stop(isolation: (any Actor)? = #isolation) { record("stop", isolation) }
    func play(level: Double, isolation: (any Actor)? = #isolation) { record("play \(level)", isolation) }

    var log: [Call] { calls.withLock { $0 } }

    private func record(_ name: String, _ isolation: (any Actor)?) {
        calls.withLock { $0.append(Call(name: name, isolation: isolation)) }
    }
}
