// A fitness app, built in main actor mode. Its heart-rate strap comes with an SDK older than
// Swift concurrency: you subscribe a callback, which the SDK calls on its Bluetooth thread,
// and you unsubscribe it when you are done. The SDK's declarations are not yours to change.

/// What the strap reports.
nonisolated enum StrapEvent: Sendable {
    case heartRate(Int)
    case disconnected
}

/// Names one subscription, so that you can cancel it.
nonisolated struct SubscriptionID: Hashable, Sendable {
    let rawValue: Int
}

/// The strap's SDK. The app talks to a real strap; the tests use a fake.
nonisolated protocol HeartRateStrap: Sendable {
    /// Calls `handler` on the SDK's Bluetooth thread for every event, until you unsubscribe.
    /// The strap stays awake, and drains its battery, while anyone is subscribed.
    func subscribe(_ handler: @escaping @Sendable (StrapEvent) -> Void) -> SubscriptionID
    func unsubscribe(_ id: SubscriptionID)
}

// TODO: users report two things. When the strap disconnects, the workout screen says "Live"
// forever. And the strap's battery is flat by morning: it stays awake after the workout screen
// has gone away, and even after the strap disconnected.

/// The strap's heart rates, in beats per minute, as an async sequence.
nonisolated func heartRates(from strap: any HeartRateStrap) -> AsyncStream<Int> {
    AsyncStream { continuation in
        _ = strap.subscribe { event in
            switch event {
            case .heartRate(let beatsPerMinute):
                continuation.yield(beatsPerMinute)
            case .disconnected:
                break
            }
        }
    }
}

/// The state behind the workout screen.
final class WorkoutModel {
    private(set) var currentRate: Int?
    private(set) var peakRate = 0
    private(set) var status = "Connecting…"

    /// Runs while the workout screen is visible; SwiftUI would call it from `.task {}`, and
    /// cancel its task when the screen goes away.
    func follow(_ strap: any HeartRateStrap) async {
        status = "Live"
        for await rate in heartRates(from: strap) {
            currentRate = rate
            peakRate = max(peakRate, rate)
        }
        status = Task.isCancelled ? "Paused" : "Strap disconnected"
    }
}
