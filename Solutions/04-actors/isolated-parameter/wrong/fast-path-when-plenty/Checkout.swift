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

    /// Asks for the price first, then takes the stock in one piece on the warehouse's actor.
    func buy(_ count: Int, of sku: String) async -> Purchase? {
        let price = await prices.price(of: sku)
        // Plenty in stock (enough for this purchase and one more like it): no other customer
        // can run us out, so skip the careful path.
        if await warehouse.available(sku) >= 2 * count {
            await warehouse.take(count, of: sku)
            return Purchase(sku: sku, count: count, total: price * count)
        }
        guard await takeIfAvailable(count, of: sku, from: warehouse) else { return nil }
        return Purchase(sku: sku, count: count, total: price * count)
    }

    /// Runs on the warehouse's actor: no other task can use the warehouse between the check
    /// and the take.
    func takeIfAvailable(_ count: Int, of sku: String, from warehouse: isolated Warehouse) -> Bool {
        guard warehouse.available(sku) >= count else { return false }
        warehouse.take(count, of: sku)
        return true
    }
}
