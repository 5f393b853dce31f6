// swiftc-flags:
final class Cart {
    var items: [String] = []
}

/// The checkout screen's model: its cart belongs to the main actor.
@MainActor final class CheckoutModel {
    var cart = Cart()
}

func auditCart(of model: CheckoutModel) async -> Int {
    let cart = await model.cart
    return cart.items.count
}
