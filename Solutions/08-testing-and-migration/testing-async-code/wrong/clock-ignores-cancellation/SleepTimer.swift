// A podcast app, built in main actor mode. "Stop playing in 30 minutes": the sleep timer
// pauses the episode when the time the listener chose is up.

/// Runs `whenTimeIsUp` (in the app: "pause the player") once the time is up. It waits on the
/// clock it is given: the real one in the app, a `ManualClock` in the tests.
final class SleepTimer {
    private let clock: any Clock<Duration>
    private let whenTimeIsUp: () -> Void
    /// The countdown in progress. The tests await it to know that the timer is done.
    private(set) var countdown: Task<Void, Never>?

    init(clock: any Clock<Duration> = ContinuousClock(), whenTimeIsUp: @escaping () -> Void) {
        self.clock = clock
        self.whenTimeIsUp = whenTimeIsUp
    }

    /// Starts counting down, replacing the countdown in progress.
    func start(minutes: Int) {
        countdown?.cancel()
        countdown = Task {
            do {
                try await clock.sleep(for: .seconds(60 * minutes))
            } catch {
                return  // Turned off or restarted: this countdown is over.
            }
            whenTimeIsUp()
        }
    }

    /// Turns the timer off: the episode plays on.
    func turnOff() {
        countdown?.cancel()
    }
}
