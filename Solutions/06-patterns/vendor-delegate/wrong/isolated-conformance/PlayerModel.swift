/// The player screen of a podcast app: the listener's queue, and what plays now.
@MainActor
final class PlayerModel {
    private(set) var queue: [String]
    private(set) var nowPlaying: String?
    private(set) var isPaused = false
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
// The player is the engine's delegate on the main actor, as the compiler's first note offers.
extension PlayerModel: @MainActor PlaybackEngineDelegate {
    func engine(_ engine: PlaybackEngine, trackAfter finished: String) -> String? {
        queue.isEmpty ? nil : queue.removeFirst()
    }

    func engine(_ engine: PlaybackEngine, didStart track: String) {
        nowPlaying = track
        isPaused = false
    }

    func engineWasInterrupted(_ engine: PlaybackEngine) {
        isPaused = true
    }
}
