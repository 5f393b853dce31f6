// A food-delivery app, built in main actor mode. The map SDK that tracks couriers is older
// than Swift concurrency: it reports through two callbacks, on its radio thread, and keeps
// polling the courier's position, over the customer's mobile data, until you stop it. The
// SDK's declarations are not yours to change.

/// Names one tracking session, so that you can stop it.
nonisolated struct TrackingToken: Hashable, Sendable {
    let rawValue: Int
}

/// The courier-tracking SDK. The app talks to the real service; the tests use a fake.
nonisolated protocol CourierTracker: Sendable {
    /// Calls `onMove` with the courier's distance in meters each time it changes, then `onEnd`
    /// once: with `nil` when the order is handed over, with the error when tracking fails.
    /// Polls, even after `onEnd`, until `stop` is called.
    func track(
        order: Int, onMove: @escaping @Sendable (Int) -> Void,
        onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) -> TrackingToken
    func stop(_ token: TrackingToken)
}

/// The courier's distance to the customer, in meters, until the order is handed over.
nonisolated func distances(for order: Int, from tracker: any CourierTracker)
    -> AsyncThrowingStream<Int, any Error>
{
    AsyncThrowingStream { continuation in
        let token = tracker.track(order: order) { meters in
            continuation.yield(meters)
        } onEnd: { error in
            // Handed over (`nil`) or failed: either way the stream ends, with the error if any,
            // after the distances already yielded.
            continuation.finish(throwing: error)
        }
        continuation.onTermination = { termination in
            // The customer left the screen: nobody needs positions any more.
            if case .cancelled = termination { tracker.stop(token) }
        }
    }
}

/// The state behind the order-tracking screen.
final class TrackingModel {
    private(set) var metersAway: Int?
    private(set) var status = "Waiting for the courier"

    /// Runs while the tracking screen is visible; SwiftUI would call it from `.task {}`, and
    /// cancel its task when the screen goes away.
    func follow(order: Int, on tracker: any CourierTracker) async {
        status = "On the way"
        do {
            for try await meters in distances(for: order, from: tracker) {
                metersAway = meters
            }
            status = Task.isCancelled ? "Paused" : "Delivered"
        } catch {
            status = "Signal lost"
        }
    }
}
