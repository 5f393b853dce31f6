// The bakery's order system, which this exercise doesn't change. Built in main actor mode.

/// The order being placed, if any. The journal reads it to tag each line with its order.
nonisolated enum OrderContext {
    @TaskLocal static var orderID: String?
}

/// Where the bakery's log lines go, from any task.
nonisolated protocol Journal: Sendable {
    func write(_ line: String)
}

nonisolated extension Journal {
    /// Writes `message`, tagged with the order being placed in the current task, or with
    /// "no order".
    func note(_ message: String) {
        write("[\(OrderContext.orderID ?? "no order")] \(message)")
    }
}

/// Holds the ingredients of an order back. Writes to the journal when it does.
nonisolated protocol Pantry: Sendable {
    func reserveIngredients(for item: String) async -> Bool
}

/// Books a baking slot for an order. Writes to the journal when it does.
nonisolated protocol Oven: Sendable {
    func bookSlot(for item: String) async -> Int
}
