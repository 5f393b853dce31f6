// swiftc-flags:
/// Looks up a product's price on the server.
func price(of productID: Int) async -> Double {
    Double(productID)
}

func cartTotal(of productIDs: [Int]) async -> Double {
    let prices = productIDs.map { await price(of: $0) }
    return prices.reduce(0, +)
}
