import Observation
import Synchronization
import Testing
@testable import ObservableViewModel

/// The terminal stand-in for a SwiftUI view. It draws a frame with `body`, and remembers what
/// `body` read; when any of that changes, it draws a new frame on the next turn of its run
/// loop (`nextTurn()`), as SwiftUI redraws a view on the next display frame.
@MainActor final class TerminalView {
    private let body: @MainActor () -> String
    private let invalidated = Invalidation()
    private(set) var frames: [String] = []

    init(body: @escaping @MainActor () -> String) {
        self.body = body
    }

    /// One turn of the run loop: draws a frame if what the last frame showed has changed.
    func nextTurn() {
        guard invalidated.take() else { return }
        let frame = withObservationTracking(body) { [invalidated] in
            // Called, on whatever thread makes the change, just before it happens.
            invalidated.set()
        }
        frames.append(frame)
    }
}

/// "The screen needs a new frame": set from any thread, taken on the main actor.
final class Invalidation: Sendable {
    private let needsFrame = Mutex(true)

    func set() {
        needsFrame.withLock { $0 = true }
    }

    func take() -> Bool {
        needsFrame.withLock { needsFrame in
            defer { needsFrame = false }
            return needsFrame
        }
    }
}

/// A sleep timer that fires when the test says so.
final class FakeSleepTimer: SleepTimer {
    private let actions = Mutex<[@Sendable () async -> Void]>([])
    private let started = Mutex<[Int]>([])

    var minutesStarted: [Int] { started.withLock { $0 } }

    func start(minutes: Int, then action: @escaping @Sendable () async -> Void) {
        started.withLock { $0.append(minutes) }
        actions.withLock { $0.append(action) }
    }

    /// Runs out: calls every action it was given, from the task that calls `fire()`.
    func fire() async {
        let due = actions.withLock { actions in
            defer { actions = [] }
            return actions
        }
        for action in due {
            await action()
        }
    }
}

/// The timer runs out on a background thread, as the app's timer does.
@concurrent func runOutInTheBackground(_ timer: FakeSleepTimer) async {
    await timer.fire()
}

@Test @MainActor func theScreenStartsWithNothingPlaying() {
    let model = PlayerViewModel(sleepTimer: FakeSleepTimer())
    let screen = TerminalView { model.headline }
    screen.nextTurn()
    screen.nextTurn()
    #expect(screen.frames == ["Nothing playing"])
}

@Test @MainActor func theScreenFollowsTheEpisodeAsItPlays() {
    let model = PlayerViewModel(sleepTimer: FakeSleepTimer())
    let screen = TerminalView { model.headline }
    screen.nextTurn()
    model.play("Episode 12")
    screen.nextTurn()
    model.playerDidAdvance(to: 1)
    screen.nextTurn()
    model.playerDidAdvance(to: 65)
    screen.nextTurn()
    screen.nextTurn()  // nothing changed since the last frame: no new one
    #expect(screen.frames == ["Nothing playing", "▶ Episode 12 · 0:00", "▶ Episode 12 · 0:01", "▶ Episode 12 · 1:05"],
            "the player screen stayed where it was while the episode played: nothing told it that the time it shows had changed")
}

@Test @MainActor func aNewEpisodeStartsAtZero() {
    let model = PlayerViewModel(sleepTimer: FakeSleepTimer())
    model.play("Episode 12")
    model.playerDidAdvance(to: 30)
    let screen = TerminalView { model.headline }
    screen.nextTurn()
    model.play("Episode 13")
    screen.nextTurn()
    #expect(screen.frames == ["▶ Episode 12 · 0:30", "▶ Episode 13 · 0:00"])
}

@Test @MainActor func theSleepTimerPausesWhenItRunsOut() async {
    let timer = FakeSleepTimer()
    let model = PlayerViewModel(sleepTimer: timer)
    model.play("Episode 12")
    model.playerDidAdvance(to: 5)
    let screen = TerminalView { model.headline }
    screen.nextTurn()
    model.setSleepTimer(minutes: 30)
    #expect(timer.minutesStarted == [30])
    screen.nextTurn()  // the timer hasn't run out yet
    await runOutInTheBackground(timer)
    screen.nextTurn()
    #expect(screen.frames == ["▶ Episode 12 · 0:05", "⏸ Episode 12 · 0:05"])
}

@Test @MainActor func thePlayButtonDoesNotRedrawEverySecond() {
    let model = PlayerViewModel(sleepTimer: FakeSleepTimer())
    model.play("Episode 12")
    var bodyRuns = 0
    let playButton = TerminalView {
        bodyRuns += 1
        return model.isPlaying ? "⏸" : "▶"
    }
    playButton.nextTurn()
    for second in 1...3 {
        model.playerDidAdvance(to: second)
        playButton.nextTurn()
    }
    #expect(playButton.frames == ["⏸"])
    #expect(bodyRuns == 1)
}
