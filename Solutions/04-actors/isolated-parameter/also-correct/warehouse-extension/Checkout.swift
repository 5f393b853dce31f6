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
        guard await warehouse.takeIfAvailable(count, of: sku) else { return nil }
        return Purchase(sku: sku, count: count, total: price * count)
    }
}

extension Warehouse {
    /// Checks and takes in one piece: an actor's own method runs without interruption until
    /// it suspends, and this one never does.
    func takeIfAvailable(_ count: Int, of sku: String) -> Bool {
        guard available(sku) >= count else { return false }
        take(count, of: sku)
        return true
    }
}
