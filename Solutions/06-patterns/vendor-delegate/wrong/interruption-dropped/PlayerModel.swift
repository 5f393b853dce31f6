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

// The engine's documentation promises the main thread for two of its calls: the conformance
// checks that promise at each call, and a call off the main thread stops the app there. The
// third call comes from the audio thread, so that method belongs to no actor and hops.
extension PlayerModel: @preconcurrency PlaybackEngineDelegate {
    func engine(_ engine: PlaybackEngine, trackAfter finished: String) -> String? {
        queue.isEmpty ? nil : queue.removeFirst()
    }

    func engine(_ engine: PlaybackEngine, didStart track: String) {
        nowPlaying = track
        isPaused = false
    }

    nonisolated func engineWasInterrupted(_ engine: PlaybackEngine) {
        // Off the main thread the player's state can't be touched: nothing to do here.
    }
}
