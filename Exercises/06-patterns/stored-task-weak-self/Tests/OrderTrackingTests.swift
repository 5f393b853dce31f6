import Synchronization
import Testing
@testable import StoredTaskWeakSelf

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake courier feed. Each `next(for:)` waits until the test sends an update, delivers the
/// order, or the waiting task is cancelled, which the feed counts.
nonisolated final class FakeCourierFeed: CourierFeed {
    private struct State {
        var requests = 0
        var cancellations = 0
        var waiting: CheckedContinuation<CourierUpdate?, any Error>?
        var requestWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// How many waiting requests were cancelled.
    var cancellations: Int { state.withLock { $0.cancellations } }

    func next(for orderID: String) async throws -> CourierUpdate? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (ready, cancelled) = state.withLock { state in
                    state.requests += 1
                    let ready = state.requestWaiters.filter { $0.count <= state.requests }
                    state.requestWaiters.removeAll { $0.count <= state.requests }
                    if Task.isCancelled { return (ready, true) }
                    state.waiting = continuation
                    return (ready, false)
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                ready.forEach { $0.continuation.resume() }
            }
        } onCancel: {
            let waiting = state.withLock { state in
                state.cancellations += 1
                defer { state.waiting = nil }
                return state.waiting
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Returns once the model has asked for `count` updates in all.
    func waitForRequest(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.requests >= count { return true }
                state.requestWaiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Answers the request that is waiting.
    func send(_ update: CourierUpdate?) {
        let waiting = state.withLock { state in
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: update)
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

@Test func theScreenFollowsTheCourier() async {
    let feed = FakeCourierFeed()
    let model = OrderTrackingModel(orderID: "A17", feed: feed)
    model.startTracking()
    await feed.waitForRequest(1)
    feed.send(CourierUpdate(minutesAway: 12, street: "Elm Street"))
    await feed.waitForRequest(2)
    #expect(model.status == "12 min away · Elm Street")
    feed.send(CourierUpdate(minutesAway: 3, street: "Oak Lane"))
    await feed.waitForRequest(3)
    #expect(model.status == "3 min away · Oak Lane")
    feed.send(nil)
    await settle { model.status.hasPrefix("Delivered") }
    #expect(model.status == "Delivered. Enjoy your meal!")
}

/// Opens the order screen, lets one update arrive, and closes the screen again. Returns a weak
/// reference to the screen's model.
private func openAndCloseTheScreen(feed: FakeCourierFeed) async -> () -> OrderTrackingModel? {
    weak var closed: OrderTrackingModel?
    do {
        let model = OrderTrackingModel(orderID: "A17", feed: feed)
        closed = model
        model.startTracking()
        await feed.waitForRequest(1)
        feed.send(CourierUpdate(minutesAway: 12, street: "Elm Street"))
        await feed.waitForRequest(2)  // the task waits for the next update
        #expect(model.status == "12 min away · Elm Street")
    }
    // The screen has closed: the only reference to its model left the scope.
    return { closed }
}

@Test func closingTheScreenReleasesItsModel() async {
    let feed = FakeCourierFeed()
    let model = await openAndCloseTheScreen(feed: feed)
    #expect(model() == nil, "the tracking task still holds the model while it waits for the next update (a strong `self`, or `guard let self` before the loop): it can never go away")
    feed.send(nil)  // if it didn't go away, let its task end
}

@Test func closingTheScreenStopsListening() async {
    let feed = FakeCourierFeed()
    let model = await openAndCloseTheScreen(feed: feed)
    await settle { feed.cancellations > 0 }
    #expect(feed.cancellations == 1, "the feed still has a request waiting: cancel the task when the model goes away")
    if model() != nil || feed.cancellations == 0 {
        feed.send(nil)
    }
}

@Test func anUpdateThatArrivesAsTheScreenClosesIsDropped() async {
    let feed = FakeCourierFeed()
    weak var closed: OrderTrackingModel?
    do {
        let model = OrderTrackingModel(orderID: "A17", feed: feed)
        closed = model
        model.startTracking()
        await feed.waitForRequest(1)
        feed.send(CourierUpdate(minutesAway: 5, street: "Pine Road"))  // an update arrives…
    }
    // …and the screen closes before the model's task has had a turn to show it. The task must
    // find the model gone (`weak`), not use a model that no longer exists (`unowned`).
    await settle { false }
    #expect(closed == nil, "the tracking task still holds the model while it waits for the next update: it can never go away")
}
