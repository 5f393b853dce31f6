// A grocery app, built in main actor mode. The checkout screen shows the receipt of the cart:
// one line per item, then the total. A code review "parallelised" the pricing: every line is
// priced in a child task of its own, and the price book became an actor so that the children
// could share it.

/// One line of the cart: how many of which product.
nonisolated struct CartLine: Sendable, Equatable {
    let sku: String
    let quantity: Int
}

/// The shop's prices, in cents, by product.
actor PriceBook {
    private let prices: [String: Int]

    init(prices: [String: Int]) {
        self.prices = prices
    }

    func price(of sku: String) -> Int? {
        prices[sku]
    }
}

/// `1234` → `"12.34"`.
nonisolated func euros(_ cents: Int) -> String {
    let rest = cents % 100
    return "\(cents / 100)." + (rest < 10 ? "0\(rest)" : "\(rest)")
}

/// Prices a cart and writes its receipt.
struct ReceiptPrinter {
    let book: PriceBook

    /// One line per cart line, in the cart's order, then the total. An unknown product is
    /// marked and left out of the total.
    func lines(for cart: [CartLine]) async -> [String] {
        let book = self.book
        let priced = await withTaskGroup(of: (index: Int, text: String, cents: Int).self) { group in
            for (index, line) in cart.enumerated() {
                group.addTask {
                    guard let price = await book.price(of: line.sku) else {
                        return (index, "\(line.quantity) × \(line.sku)  ?? unknown product", 0)
                    }
                    let cents = price * line.quantity
                    return (index, "\(line.quantity) × \(line.sku)  \(euros(cents))", cents)
                }
            }
            var results: [(index: Int, text: String, cents: Int)] = []
            for await result in group {
                results.append(result)
            }
            return results.sorted { $0.index < $1.index }
        }
        let total = priced.reduce(0) { $0 + $1.cents }
        return priced.map(\.text) + ["Total  \(euros(total))"]
    }
}
