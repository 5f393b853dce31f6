// A shop's checkout, built in main actor mode.

/// A purchase that went through.
struct Purchase: Equatable {
    let sku: String
    let count: Int
    let total: Int
}

final class Checkout {
    let warehouse: Warehouse
    let prices: any PriceList

    init(warehouse: Warehouse, prices: any PriceList) {
        self.warehouse = warehouse
        self.prices = prices
    }

    /// Asks for the price first, then checks and takes the stock in one helper.
    func buy(_ count: Int, of sku: String) async -> Purchase? {
        let price = await prices.price(of: sku)
        guard await takeIfAvailable(count, of: sku, from: warehouse) else { return nil }
        return Purchase(sku: sku, count: count, total: price * count)
    }
}

/// Checks the stock and takes it right after, in one go.
nonisolated func takeIfAvailable(_ count: Int, of sku: String, from warehouse: Warehouse) async -> Bool {
    guard await warehouse.available(sku) >= count else { return false }
    await warehouse.take(count, of: sku)
    return true
}
