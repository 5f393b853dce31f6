// swiftc-flags:
/// Runs work on a background queue; the closure may run at the same time as the caller.
func runInBackground(_ work: @escaping @Sendable () -> Void) {}

/// A cart with mutable state of its own: not Sendable.
final class Cart {
    var items: [String] = []
}

func saveLater(_ cart: Cart) {
    runInBackground {
        print("saving \(cart.items.count) items")
    }
}
