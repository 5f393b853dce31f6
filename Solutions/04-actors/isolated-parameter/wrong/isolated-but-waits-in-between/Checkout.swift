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
        await buy(count, of: sku, from: warehouse)
    }

    func buy(_ count: Int, of sku: String, from warehouse: isolated Warehouse) async -> Purchase? {
        guard warehouse.available(sku) >= count else { return nil }
        let price = await prices.price(of: sku)
        warehouse.take(count, of: sku)
        return Purchase(sku: sku, count: count, total: price * count)
    }
}
