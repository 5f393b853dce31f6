import Testing
@testable import SequentialIsEnough

// This test module is built in main actor mode too: every `@Test` here runs on the main actor,
// synchronously, as the app's renderer does. Nothing else can run on the main actor until a
// test returns, so work the receipt leaves for later is still missing when a test reads it.

let prices = ["apple": 45, "bread": 289, "milk": 119, "eggs": 329, "tea": 605, "rice": 1_099]

let cart = [
    CartLine(sku: "tea", quantity: 1), CartLine(sku: "apple", quantity: 6),
    CartLine(sku: "rice", quantity: 2), CartLine(sku: "milk", quantity: 3),
    CartLine(sku: "bread", quantity: 1), CartLine(sku: "eggs", quantity: 2),
]

func screen(for cart: [CartLine]) -> CheckoutScreen {
    CheckoutScreen(printer: ReceiptPrinter(book: PriceBook(prices: prices)), cart: cart)
}

@Test func theReceiptIsCompleteWhenTheScreenIsDrawn() {
    let lines = screen(for: cart).render().split(separator: "\n")
    #expect(
        lines.count == cart.count + 3,
        "the screen was drawn before every line was priced: work left for later arrives after the screen is on display")
    #expect(lines.last == "[ Pay ]")
}

@Test func theReceiptFollowsTheCart() {
    #expect(
        screen(for: cart).render() == """
            Checkout
            1 × tea  6.05
            6 × apple  2.70
            2 × rice  21.98
            3 × milk  3.57
            1 × bread  2.89
            2 × eggs  6.58
            Total  43.77
            [ Pay ]
            """,
        "the receipt's lines are not in the cart's order, or its prices are wrong")
}

@Test func anUnknownProductIsMarkedAndLeftOutOfTheTotal() {
    let lines = screen(for: [CartLine(sku: "milk", quantity: 1), CartLine(sku: "caviar", quantity: 2)])
        .render().split(separator: "\n").map(String.init)
    #expect(lines == ["Checkout", "1 × milk  1.19", "2 × caviar  ?? unknown product", "Total  1.19", "[ Pay ]"])
}

@Test func drawingTheScreenTwiceShowsTheSameReceipt() {
    let checkout = screen(for: cart)
    let first = checkout.render()
    for _ in 0..<20 {
        #expect(checkout.render() == first, "the same cart gave two different receipts")
    }
}
