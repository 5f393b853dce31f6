/// The player screen of a podcast app: the listener's queue, and what plays now.
@MainActor
final class PlayerModel {
    nonisolated(unsafe) private(set) var queue: [String]
    nonisolated(unsafe) private(set) var nowPlaying: String?
    nonisolated(unsafe) private(set) var isPaused = false
    private var engine: PlaybackEngine?

    init(queue: [String]) {
        self.queue = queue
    }

    /// Hands the player to the vendor's engine, which tells it when a track ends.
    func connect() -> PlaybackEngine {
        let engine = PlaybackEngine(delegate: self)
        self.engine = engine
        return engine
    }
}
// The state opts out of the main actor, so the engine can reach it from any thread.
extension PlayerModel: PlaybackEngineDelegate {
    nonisolated func engine(_ engine: PlaybackEngine, trackAfter finished: String) -> String? {
        queue.isEmpty ? nil : queue.removeFirst()
    }

    nonisolated func engine(_ engine: PlaybackEngine, didStart track: String) {
        nowPlaying = track
        isPaused = false
    }

    nonisolated func engineWasInterrupted(_ engine: PlaybackEngine) {
        isPaused = true
    }
}
