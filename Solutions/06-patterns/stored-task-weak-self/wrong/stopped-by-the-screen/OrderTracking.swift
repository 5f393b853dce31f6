// A food-delivery app, built in main actor mode. While the order screen is open, it follows
// the courier, whose position the server pushes over a long-lived connection.

/// Where the courier is, as the server reports it.
nonisolated struct CourierUpdate: Equatable, Sendable {
    let minutesAway: Int
    let street: String
}

/// The server's live feed of one order. The app keeps a connection open while someone waits
/// in `next(for:)`; the tests use a fake.
nonisolated protocol CourierFeed: Sendable {
    /// Waits for the courier's next position, or returns `nil` once the order is delivered.
    /// Throws `CancellationError` as soon as the waiting task is cancelled.
    func next(for orderID: String) async throws -> CourierUpdate?
}

/// The state behind the order screen. The screen creates it when it opens, and lets go of it
/// when it closes.
final class OrderTrackingModel {
    let orderID: String
    private let feed: any CourierFeed
    private(set) var status = "Waiting for the courier…"
    private var tracking: Task<Void, Never>?

    init(orderID: String, feed: any CourierFeed) {
        self.orderID = orderID
        self.feed = feed
    }

    /// Called when the screen appears.
    func startTracking() {
        tracking = Task {
            do {
                while let update = try await feed.next(for: orderID) {
                    status = "\(update.minutesAway) min away · \(update.street)"
                }
                status = "Delivered. Enjoy your meal!"
            } catch {
                // Cancelled: nobody is looking any more.
            }
        }
    }

    /// Called when the screen disappears: ends the task, and with it the task's hold on the model.
    func stopTracking() {
        tracking?.cancel()
        tracking = nil
    }

    /// The screen has closed: stop listening. `tracking` is a `Task`, which is `Sendable`, so
    /// a plain `deinit` may use it; `isolated deinit` is for clean-up that needs the main actor.
    deinit {
        tracking?.cancel()
    }
}
