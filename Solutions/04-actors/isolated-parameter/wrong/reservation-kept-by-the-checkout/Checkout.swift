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
    /// Stock promised to purchases in progress, by product.
    private var reserved: [String: Int] = [:]

    init(warehouse: Warehouse, prices: any PriceList) {
        self.warehouse = warehouse
        self.prices = prices
    }

    func buy(_ count: Int, of sku: String) async -> Purchase? {
        guard await warehouse.available(sku) - reserved[sku, default: 0] >= count else { return nil }
        reserved[sku, default: 0] += count
        let price = await prices.price(of: sku)
        await warehouse.take(count, of: sku)
        reserved[sku, default: 0] -= count
        return Purchase(sku: sku, count: count, total: price * count)
    }
}
