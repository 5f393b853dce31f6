import Synchronization

// Test support: the sleep timer's tests move time by hand with this clock instead of waiting
// for a real one. (In an app, it would live in the test target.)

/// A clock for tests. Its time starts at zero and stands still until `advance(by:)` moves it.
nonisolated final class ManualClock: Clock {
    struct Instant: InstantProtocol {
        let offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Mutex((now: Instant(offset: .zero), sleepers: [Int: Sleeper](), nextID: 0))
    private let sleepStarted: AsyncStream<Void>.Continuation
    /// One element each time a task starts sleeping on this clock.
    let sleeps: AsyncStream<Void>

    init() { (sleeps, sleepStarted) = AsyncStream.makeStream() }

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }
    /// How many tasks are sleeping on this clock right now.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    // TODO: this fake breaks two promises that every real clock keeps, so the sleep timer's
    // tests can't trust it. Keep them:
    // - `advance(by:)` wakes every sleeper whose deadline has come, and only those;
    // - a sleep whose task is cancelled ends at once, with the error a real clock throws then.

    /// Suspends until the test advances the clock to `deadline`.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await withCheckedThrowingContinuation { continuation in
            let hasPassed = state.withLock { state in
                if deadline <= state.now { return true }
                state.sleepers[state.nextID] = Sleeper(deadline: deadline, continuation: continuation)
                state.nextID += 1
                return false
            }
            if hasPassed { continuation.resume() } else { sleepStarted.yield() }
        }
    }

    /// Moves the time forward.
    func advance(by duration: Duration) {
        state.withLock { $0.now = $0.now.advanced(by: duration) }
    }
}
