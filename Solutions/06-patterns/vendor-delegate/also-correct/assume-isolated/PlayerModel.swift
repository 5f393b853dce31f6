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
// The main-thread methods check that they run on the main actor; the audio thread's hops.
extension PlayerModel: PlaybackEngineDelegate {
    nonisolated func engine(_ engine: PlaybackEngine, trackAfter finished: String) -> String? {
        MainActor.assumeIsolated {
            queue.isEmpty ? nil : queue.removeFirst()
        }
    }

    nonisolated func engine(_ engine: PlaybackEngine, didStart track: String) {
        MainActor.assumeIsolated {
            nowPlaying = track
            isPaused = false
        }
    }

    nonisolated func engineWasInterrupted(_ engine: PlaybackEngine) {
        Task { @MainActor in
            self.isPaused = true
        }
    }
}
