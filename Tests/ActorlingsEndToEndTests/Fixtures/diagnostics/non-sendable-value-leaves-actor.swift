// swiftc-flags:
/// A shopping cart: a class with mutable state, not Sendable.
final class Cart {
    var items: [String] = []
}

/// Keeps the carts of every signed-in user.
actor CartStore {
    private var carts: [String: Cart] = [:]

    func cart(for user: String) -> Cart {
        carts[user] ?? Cart()
    }
}

@MainActor final class CartScreenModel {
    var itemCount = 0

    func load(user: String, from store: CartStore) async {
        let cart = await store.cart(for: user)
        itemCount = cart.items.count
    }
}
