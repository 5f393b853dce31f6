// A grocery app, built in main actor mode. The checkout screen shows the receipt of the cart:
// one line per item, then the total. Pricing a line is a dictionary lookup, so the receipt is
// written on the caller's actor, in one loop, in the cart's order.

/// One line of the cart: how many of which product.
nonisolated struct CartLine: Sendable, Equatable {
    let sku: String
    let quantity: Int
}

/// The shop's prices, in cents, by product: one book, shared by whoever prices on the main actor.
final class PriceBook {
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
    func lines(for cart: [CartLine]) -> [String] {
        var lines: [String] = []
        var total = 0
        for line in cart {
            guard let price = book.price(of: line.sku) else {
                lines.append("\(line.quantity) × \(line.sku)  ?? unknown product")
                continue
            }
            let cents = price * line.quantity
            total += cents
            lines.append("\(line.quantity) × \(line.sku)  \(euros(cents))")
        }
        return lines + ["Total  \(euros(total))"]
    }
}
