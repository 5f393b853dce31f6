// A podcast app's player package, built without main actor mode. On Apple platforms a SwiftUI
// view shows this view model; here, a terminal renderer in the tests plays the view's part.
import Observation

/// The episode that is playing, and how far it got.
final class NowPlaying {
    let title: String
    var secondsPlayed = 0

    init(title: String) {
        self.title = title
    }
}

/// Calls `action` once `minutes` have passed: the app's timer waits, the tests' fires on cue.
protocol SleepTimer: Sendable {
    func start(minutes: Int, then action: @escaping @Sendable () async -> Void)
}

/// The state behind the player screen.
@MainActor @Observable
final class PlayerViewModel {
    private let sleepTimer: any SleepTimer
    private(set) var current: NowPlaying?
    private(set) var isPlaying = false

    init(sleepTimer: any SleepTimer) {
        self.sleepTimer = sleepTimer
    }

    /// The line at the top of the player screen, such as "▶ Episode 12 · 1:05".
    var headline: String {
        guard let current else { return "Nothing playing" }
        let seconds = current.secondsPlayed % 60
        let time = "\(current.secondsPlayed / 60):\(seconds < 10 ? "0" : "")\(seconds)"
        return "\(isPlaying ? "▶" : "⏸") \(current.title) · \(time)"
    }

    /// Called when the user picks an episode.
    func play(_ title: String) {
        current = NowPlaying(title: title)
        isPlaying = true
    }

    /// Called by the audio engine, on the main actor, every second while an episode plays.
    func playerDidAdvance(to seconds: Int) {
        current?.secondsPlayed = seconds
    }

    /// Called when the user taps pause, and when the sleep timer runs out.
    func pause() {
        isPlaying = false
    }

    /// Called when the user picks "stop in 30 minutes" (or 15, or 60).
    func setSleepTimer(minutes: Int) {
        sleepTimer.start(minutes: minutes) { self.pause() }
    }
}
