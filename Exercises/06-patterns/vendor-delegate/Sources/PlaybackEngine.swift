import Synchronization

// The vendor's playback SDK: a binary framework written before Swift concurrency, and this
// copy stands in for it. Don't change this file.

/// What the engine asks and tells its delegate. From the vendor's documentation:
protocol PlaybackEngineDelegate: AnyObject {
    /// Called on the main thread when a track ends; the engine waits for the answer.
    /// Return the track to play next, or `nil` to stop.
    func engine(_ engine: PlaybackEngine, trackAfter finished: String) -> String?
    /// Called on the main thread when a track starts.
    func engine(_ engine: PlaybackEngine, didStart track: String)
    /// Called on the engine's audio thread when another app takes over the speaker.
    func engineWasInterrupted(_ engine: PlaybackEngine)
}

/// Plays tracks, and calls its delegate (held weakly) on the threads the documentation names.
/// Safe to use from any thread; don't call the engine from inside a delegate method.
final class PlaybackEngine: Sendable {
    private struct Slot { weak var delegate: (any PlaybackEngineDelegate)? }
    private let slot: Mutex<Slot>

    /// The engine may call its delegate from any thread it likes.
    init(delegate: sending any PlaybackEngineDelegate) {
        slot = Mutex(Slot(delegate: delegate))
    }

    /// The current track ended: asks the delegate for the next one and starts it. Returns the
    /// track that plays now, or `nil` when playback stopped.
    func trackDidEnd(_ finished: String) -> String? {
        slot.withLock { slot in
            guard let next = slot.delegate?.engine(self, trackAfter: finished) else { return nil }
            slot.delegate?.engine(self, didStart: next)
            return next
        }
    }

    /// Another app took over the speaker.
    func interrupt() {
        slot.withLock { $0.delegate?.engineWasInterrupted(self) }
    }
}
