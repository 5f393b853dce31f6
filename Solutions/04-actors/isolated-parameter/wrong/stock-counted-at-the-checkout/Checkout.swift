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
    /// What the warehouse had, by product, as this checkout last heard, minus what it sold since.
    private var stock: [String: Int] = [:]

    init(warehouse: Warehouse, prices: any PriceList) {
        self.warehouse = warehouse
        self.prices = prices
    }

    func buy(_ count: Int, of sku: String) async -> Purchase? {
        if stock[sku] == nil {
            stock[sku] = await warehouse.available(sku)
        }
        guard let left = stock[sku], left >= count else { return nil }
        stock[sku] = left - count
        let price = await prices.price(of: sku)
        await warehouse.take(count, of: sku)
        return Purchase(sku: sku, count: count, total: price * count)
    }
}
