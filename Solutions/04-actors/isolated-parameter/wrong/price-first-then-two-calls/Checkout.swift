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

    func buy(_ count: Int, of sku: String) async -> Purchase? {
        let price = await prices.price(of: sku)
        guard await warehouse.available(sku) >= count else { return nil }
        await warehouse.take(count, of: sku)
        return Purchase(sku: sku, count: count, total: price * count)
    }
}
