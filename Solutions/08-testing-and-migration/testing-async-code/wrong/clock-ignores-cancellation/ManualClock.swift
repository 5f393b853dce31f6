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

    /// Moves the time forward, and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.values.filter { $0.deadline <= now }
            state.sleepers = state.sleepers.filter { $0.value.deadline > now }
            return due
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }
}
