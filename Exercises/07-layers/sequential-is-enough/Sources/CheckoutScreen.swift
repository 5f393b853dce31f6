// Don't change this file: it is the checkout screen, drawn by the app's (synchronous)
// renderer, the way a SwiftUI view's `body` is computed.

/// The checkout screen: a title, the receipt, and the pay button.
struct CheckoutScreen {
    let printer: ReceiptPrinter
    let cart: [CartLine]

    func render() -> String {
        (["Checkout"] + printer.lines(for: cart) + ["[ Pay ]"]).joined(separator: "\n")
    }
}
