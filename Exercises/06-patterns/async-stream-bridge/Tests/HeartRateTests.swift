import Synchronization
import Testing
@testable import AsyncStreamBridge

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake strap. The test sends its events; it counts who is subscribed.
nonisolated final class FakeStrap: HeartRateStrap {
    private struct State {
        var handlers: [SubscriptionID: @Sendable (StrapEvent) -> Void] = [:]
        var nextID = 1
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// How many callbacks are subscribed right now.
    var subscriberCount: Int { state.withLock { $0.handlers.count } }

    func subscribe(_ handler: @escaping @Sendable (StrapEvent) -> Void) -> SubscriptionID {
        let (id, waiter) = state.withLock { state in
            let id = SubscriptionID(rawValue: state.nextID)
            state.nextID += 1
            state.handlers[id] = handler
            defer { state.waiter = nil }
            return (id, state.waiter)
        }
        waiter?.resume()
        return id
    }

    func unsubscribe(_ id: SubscriptionID) {
        _ = state.withLock { $0.handlers.removeValue(forKey: id) }
    }

    /// Calls every subscribed callback, as the SDK's Bluetooth thread would.
    func send(_ event: StrapEvent) {
        let handlers = state.withLock { Array($0.handlers.values) }
        handlers.forEach { $0(event) }
    }

    /// Returns once someone has subscribed.
    func waitForSubscriber() async {
        await withCheckedContinuation { continuation in
            let subscribed = state.withLock { state in
                if state.handlers.isEmpty { state.waiter = continuation }
                return !state.handlers.isEmpty
            }
            if subscribed { continuation.resume() }
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

@Test func theStreamDeliversEveryRateInOrder() async {
    let strap = FakeStrap()
    var rates = heartRates(from: strap).makeAsyncIterator()
    strap.send(.heartRate(72))
    strap.send(.heartRate(75))
    #expect(await rates.next() == 72)
    #expect(await rates.next() == 75)
}

@Test func aDisconnectedStrapEndsTheWorkout() async {
    let strap = FakeStrap()
    let model = WorkoutModel()
    let following = Task { await model.follow(strap) }
    await strap.waitForSubscriber()
    strap.send(.heartRate(92))
    strap.send(.heartRate(131))
    strap.send(.heartRate(118))
    strap.send(.disconnected)
    #expect(strap.subscriberCount == 0, "the stream should unsubscribe once it ends")
    await settle { model.status != "Live" }
    #expect(model.status == "Strap disconnected", "the stream should end when the strap disconnects")
    following.cancel()  // if the stream didn't end, stop listening so that the test can end
    await following.value
    #expect(model.currentRate == 118)
    #expect(model.peakRate == 131)
}

@Test func leavingTheScreenUnsubscribes() async {
    let strap = FakeStrap()
    let model = WorkoutModel()
    let following = Task { await model.follow(strap) }
    await strap.waitForSubscriber()
    strap.send(.heartRate(80))
    following.cancel()  // the user left the workout screen
    await following.value
    #expect(model.status == "Paused")
    #expect(strap.subscriberCount == 0, "the strap stays awake while the callback is subscribed")
}

@Test func twoScreensFollowOneStrap() async {
    let strap = FakeStrap()
    let workout = WorkoutModel()
    let widget = WorkoutModel()
    let following = [Task { await workout.follow(strap) }, Task { await widget.follow(strap) }]
    await settle { strap.subscriberCount == 2 }
    #expect(strap.subscriberCount == 2, "each stream has a subscription of its own")
    strap.send(.heartRate(101))
    strap.send(.disconnected)
    #expect(strap.subscriberCount == 0, "each stream should unsubscribe once it ends, finished or cancelled")
    await settle { workout.status != "Live" && widget.status != "Live" }
    #expect([workout.status, widget.status] == ["Strap disconnected", "Strap disconnected"])
    following.forEach { $0.cancel() }  // if the streams didn't end, stop listening
    for task in following { await task.value }
    #expect([workout.currentRate, widget.currentRate] == [101, 101])
}
