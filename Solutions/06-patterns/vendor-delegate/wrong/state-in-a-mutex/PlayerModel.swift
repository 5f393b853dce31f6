import Synchronization

/// The player screen of a podcast app: the listener's queue, and what plays now.
@MainActor
final class PlayerModel {
    /// The player's state, behind a lock, so that the engine may call from any thread.
    private struct State {
        var queue: [String]
        var nowPlaying: String?
        var isPaused = false
    }
    private nonisolated let state: Mutex<State>
    private var engine: PlaybackEngine?

    var queue: [String] { state.withLock { $0.queue } }
    var nowPlaying: String? { state.withLock { $0.nowPlaying } }
    var isPaused: Bool { state.withLock { $0.isPaused } }

    init(queue: [String]) {
        state = Mutex(State(queue: queue))
    }

    /// Hands the player to the vendor's engine, which tells it when a track ends.
    func connect() -> PlaybackEngine {
        let engine = PlaybackEngine(delegate: self)
        self.engine = engine
        return engine
    }
}

// Every method locks the player's state: whichever thread the engine calls from, no data race.
extension PlayerModel: PlaybackEngineDelegate {
    nonisolated func engine(_ engine: PlaybackEngine, trackAfter finished: String) -> String? {
        state.withLock { $0.queue.isEmpty ? nil : $0.queue.removeFirst() }
    }

    nonisolated func engine(_ engine: PlaybackEngine, didStart track: String) {
        state.withLock {
            $0.nowPlaying = track
            $0.isPaused = false
        }
    }

    nonisolated func engineWasInterrupted(_ engine: PlaybackEngine) {
        state.withLock { $0.isPaused = true }
    }
}
