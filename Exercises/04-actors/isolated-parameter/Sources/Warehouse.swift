// The warehouse's code belongs to another team: this exercise doesn't change it.

/// How many of each product the shop has in stock. Taking more than there is counts as an
/// oversell: goods sold that nobody can ship.
actor Warehouse {
    private var stock: [String: Int]
    private(set) var oversold = 0

    init(stock: [String: Int]) {
        self.stock = stock
    }

    func available(_ sku: String) -> Int {
        stock[sku, default: 0]
    }

    func take(_ count: Int, of sku: String) {
        let left = available(sku) - count
        if left < 0 {
            oversold += -left
        }
        stock[sku] = max(left, 0)
    }
}

/// Today's prices, from the pricing server.
nonisolated protocol PriceList: Sendable {
    func price(of sku: String) async -> Int
}
