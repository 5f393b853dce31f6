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

    /// Suspends until the test advances the clock to `deadline`, or until the task is cancelled.
    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let early: Result<Void, any Error>? = state.withLock { state in
                    // Cancelled before it could sleep: the handler below found nothing to end.
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let early { continuation.resume(with: early) } else { sleepStarted.yield() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward, and wakes the sleepers.
    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            defer { state.sleepers.removeAll() }
            return Array(state.sleepers.values)
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }
}
