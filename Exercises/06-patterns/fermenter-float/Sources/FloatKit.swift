// Don't change this file: it is the SDK of the float's maker, older than Swift concurrency.

/// One reading of the float. The SDK keeps one instance per float and overwrites it in place
/// with every new reading: a class with mutable state, not Sendable.
nonisolated final class FloatReading {
    /// Counts the float's readings: a newer reading has a higher number.
    var number = 0
    /// The beer's specific gravity, in thousandths (1.048 is 1048).
    var gravity = 0
    var celsius = 0.0
}

/// Names one listener, so that it can be removed.
nonisolated struct ListenerID: Hashable, Sendable {
    let rawValue: Int
}

/// The float's Bluetooth link (the float is a hydrometer: it measures gravity). The app talks
/// to a real float; the tests use a fake.
nonisolated protocol Hydrometer: Sendable {
    /// Calls `listener` on the SDK's Bluetooth thread with every reading, until it is removed.
    /// A packet that was sent again after a weak signal arrives late, after newer ones.
    /// The float keeps its radio on, and drains its battery, while anyone listens.
    func addListener(_ listener: @escaping @Sendable (FloatReading) -> Void) -> ListenerID
    func removeListener(_ id: ListenerID)
}
