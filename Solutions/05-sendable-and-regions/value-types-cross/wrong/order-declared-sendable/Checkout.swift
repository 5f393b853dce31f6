// A grocery delivery app, built in main actor mode. The network layer is `nonisolated`: it
// retries failed requests, and runs every attempt as a task of its own.

/// Where an order goes, and what the courier should know when they get there.
nonisolated final class DeliveryAddress {
    var street: String
    var note: String

    init(street: String, note: String) {
        self.street = street
        self.note = note
    }
}

/// A grocery order: what to bring, and where to.
nonisolated struct Order: Sendable {
    var items: [String]
    var address: DeliveryAddress
}

/// The shop's answer to an order it accepted.
nonisolated struct Receipt: Equatable {
    let number: Int
    let summary: String
}

/// Runs `operation` until it succeeds, at most `attempts` times, each attempt in a new task:
/// outside the caller's isolation domain, so `operation` is `@Sendable`, its result `Sendable`.
nonisolated func retrying<T: Sendable>(
    attempts: Int, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    var attempt = 1
    while true {
        do {
            return try await Task { try await operation() }.value
        } catch where attempt < attempts {
            attempt += 1
        }
    }
}

/// The network layer: sends orders to the shop, retrying twice when a request fails.
nonisolated struct ShopClient {
    /// Sends an order; the shop answers with the order's number.
    let submit: @Sendable (_ items: [String], _ street: String, _ note: String) async throws -> Int

    func place(_ order: Order) async throws -> Receipt {
        try await retrying(attempts: 3) {
            let number = try await submit(order.items, order.address.street, order.address.note)
            return Receipt(number: number, summary: "\(order.items.count) items to \(order.address.street)")
        }
    }
}

/// The state behind the checkout screen.
final class CheckoutScreen {
    let client: ShopClient
    private(set) var lastOrder: Order?
    private(set) var receipts: [Receipt] = []

    init(client: ShopClient) {
        self.client = client
    }

    func checkout(_ order: Order) async throws {
        receipts.append(try await client.place(order))
        lastOrder = order
    }

    /// The "Order again" button: the last order, with a new note for the courier.
    func orderAgain(note: String) async throws {
        guard var order = lastOrder else { return }
        order.address.note = note
        try await checkout(order)
    }
}
