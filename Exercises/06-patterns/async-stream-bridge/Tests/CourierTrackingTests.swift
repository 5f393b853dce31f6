import Synchronization
import Testing
@testable import AsyncStreamBridge

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

nonisolated enum RadioError: Error {
    case signalLost
}

/// A fake tracking service. The test moves the courier and ends the trip; the fake counts the
/// sessions that still poll, which is what costs the customer's mobile data.
nonisolated final class FakeTracker: CourierTracker {
    private struct Session {
        let onMove: @Sendable (Int) -> Void
        let onEnd: @Sendable ((any Error)?) -> Void
    }

    private struct State {
        var polling: [TrackingToken: Session] = [:]
        var nextID = 1
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// How many sessions are polling right now.
    var pollingSessions: Int { state.withLock { $0.polling.count } }

    func track(
        order: Int, onMove: @escaping @Sendable (Int) -> Void,
        onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) -> TrackingToken {
        let (token, waiter) = state.withLock { state in
            let token = TrackingToken(rawValue: state.nextID)
            state.nextID += 1
            state.polling[token] = Session(onMove: onMove, onEnd: onEnd)
            defer { state.waiter = nil }
            return (token, state.waiter)
        }
        waiter?.resume()
        return token
    }

    func stop(_ token: TrackingToken) {
        _ = state.withLock { $0.polling.removeValue(forKey: token) }
    }

    /// The courier moved: calls every session's `onMove`, as the SDK's radio thread would.
    func move(to meters: Int) {
        let sessions = state.withLock { Array($0.polling.values) }
        sessions.forEach { $0.onMove(meters) }
    }

    /// The trip ended: calls every session's `onEnd`. Like the real SDK, it goes on polling.
    func end(with error: (any Error)?) {
        let sessions = state.withLock { Array($0.polling.values) }
        sessions.forEach { $0.onEnd(error) }
    }

    /// Returns once someone tracks the courier.
    func waitForSession() async {
        await withCheckedContinuation { continuation in
            let tracking = state.withLock { state in
                if state.polling.isEmpty { state.waiter = continuation }
                return !state.polling.isEmpty
            }
            if tracking { continuation.resume() }
        }
    }
}

/// Lets the main actor run the work queued on it until `done()` holds, for at most a thousand
/// turns.
func settle(until done: () -> Bool) async {
    var turns = 0
    while !done() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
}

@Test func theStreamDeliversEveryDistanceInOrder() async throws {
    let tracker = FakeTracker()
    var distances = distances(for: 7, from: tracker).makeAsyncIterator()
    tracker.move(to: 900)
    tracker.move(to: 650)
    #expect(try await distances.next() == 900)
    #expect(try await distances.next() == 650)
}

@Test func aHandedOverOrderStopsTracking() async {
    let tracker = FakeTracker()
    let model = TrackingModel()
    let following = Task { await model.follow(order: 7, on: tracker) }
    await tracker.waitForSession()
    tracker.move(to: 800)
    tracker.move(to: 120)
    tracker.end(with: nil)
    await settle { model.status != "On the way" }
    following.cancel()  // if the stream didn't end, stop listening so that the test can end
    await following.value
    #expect(model.status == "Delivered")
    #expect(model.metersAway == 120)
    #expect(tracker.pollingSessions == 0, "the SDK still polls after the stream ended: the app keeps using mobile data")
}

@Test func aLostSignalSaysSo() async {
    let tracker = FakeTracker()
    let model = TrackingModel()
    let following = Task { await model.follow(order: 7, on: tracker) }
    await tracker.waitForSession()
    tracker.move(to: 800)
    tracker.move(to: 450)
    tracker.end(with: RadioError.signalLost)
    await settle { model.status != "On the way" }
    #expect(model.status != "On the way", "the stream never ended after the signal was lost")
    #expect(model.status != "Delivered", "a lost signal ended the stream as if the order had been handed over")
    following.cancel()  // if the stream didn't end, stop listening so that the test can end
    await following.value
    #expect(model.status == "Signal lost")
    #expect(model.metersAway == 450, "the distances sent before the signal was lost should all be shown")
    #expect(tracker.pollingSessions == 0, "the SDK still polls after the stream ended: the app keeps using mobile data")
}

@Test func leavingTheScreenStopsTracking() async {
    let tracker = FakeTracker()
    let model = TrackingModel()
    let following = Task { await model.follow(order: 7, on: tracker) }
    await tracker.waitForSession()
    tracker.move(to: 300)
    following.cancel()  // the customer left the tracking screen
    await following.value
    #expect(model.status == "Paused")
    #expect(tracker.pollingSessions == 0, "the SDK still polls after the customer left the screen")
}
