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

    // TODO: the shop sells more than it has. When two customers buy the last lamp at the same
    // moment, both purchases go through, and the warehouse reports an oversell. A purchase
    // may only go through if the stock is still there when it is taken — and when there is
    // enough for both customers, both must get theirs.
    func buy(_ count: Int, of sku: String) async -> Purchase? {
        guard await warehouse.available(sku) >= count else { return nil }
        let price = await prices.price(of: sku)
        await warehouse.take(count, of: sku)
        return Purchase(sku: sku, count: count, total: price * count)
    }
}
