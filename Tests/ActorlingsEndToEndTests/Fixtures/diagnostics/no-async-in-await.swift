// swiftc-flags:
/// Totals an order: a synchronous, nonisolated function.
func orderTotal(_ prices: [Double]) -> Double {
    prices.reduce(0, +)
}

func checkOut(prices: [Double]) async -> Double {
    await orderTotal(prices)
}
