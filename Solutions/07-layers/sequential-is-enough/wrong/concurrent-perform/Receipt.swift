import Dispatch
import Synchronization

// A grocery app, built in main actor mode. The checkout screen shows the receipt of the cart:
// one line per item, then the total. Pricing a line is a dictionary lookup, so the receipt is
// written on the caller's actor, in one loop, in the cart's order.

/// One line of the cart: how many of which product.
nonisolated struct CartLine: Sendable, Equatable {
    let sku: String
    let quantity: Int
}

/// The shop's prices, in cents, by product: shared by the threads that price the lines.
nonisolated struct PriceBook: Sendable {
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
        let book = self.book
        let slots = Mutex([(text: String, cents: Int)?](repeating: nil, count: cart.count))
        DispatchQueue.concurrentPerform(iterations: cart.count) { index in
            let line = cart[index]
            let cents = book.price(of: line.sku).map { $0 * line.quantity }
            let text = "\(line.quantity) × \(line.sku)  " + (cents.map(euros) ?? "?? unknown product")
            slots.withLock { $0[index] = (text, cents ?? 0) }
        }
        let priced = slots.withLock { $0.compactMap { $0 } }
        let total = priced.reduce(0) { $0 + $1.cents }
        return priced.map(\.text) + ["Total  \(euros(total))"]
    }
}
