// swiftc-flags:
/// Formats prices; it has mutable state of its own, so it is not Sendable.
final class PriceFormatter {
    var currencyCode = "EUR"

    static let shared = PriceFormatter()
}

let defaultFormatter = PriceFormatter()
