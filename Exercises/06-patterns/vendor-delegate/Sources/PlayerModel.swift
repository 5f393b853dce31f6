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

// TODO: The app doesn't build: the compiler won't let the player be the engine's delegate.
// The vendor promises to call two of these methods on the main thread, where the player's
// state lives, and one on its audio thread. If the engine ever breaks its promise, the app
// must stop right at that call, never play on with a queue two threads are changing.
extension PlayerModel: PlaybackEngineDelegate {
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
