import Testing
@testable import ValueTypesCross

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake shop: fails the next `failures` requests, then accepts orders, numbered from 1.
private actor FakeShop {
    struct Unavailable: Error {}

    private var failuresLeft: Int
    private(set) var requests: [String] = []
    private var accepted = 0

    init(failures: Int) {
        failuresLeft = failures
    }

    func submit(items: [String], street: String, note: String) throws -> Int {
        requests.append("\(items.joined(separator: "+")) to \(street) (\(note))")
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw Unavailable()
        }
        accepted += 1
        return accepted
    }

    func fail(_ count: Int) {
        failuresLeft = count
    }
}

private func screen(using shop: FakeShop) -> CheckoutScreen {
    CheckoutScreen(client: ShopClient { items, street, note in
        try await shop.submit(items: items, street: street, note: note)
    })
}

private func order(note: String = "ring twice") -> Order {
    Order(items: ["milk", "eggs"], address: DeliveryAddress(street: "Elm St 4", note: note))
}

@Test func retriesUntilTheShopAnswers() async throws {
    let shop = FakeShop(failures: 2)
    let screen = screen(using: shop)
    try await screen.checkout(order())
    #expect(screen.receipts == [Receipt(number: 1, summary: "2 items to Elm St 4")])
    #expect(await shop.requests.count == 3)
}

@Test func givesUpAfterThreeAttempts() async {
    let shop = FakeShop(failures: 5)
    let screen = screen(using: shop)
    await #expect(throws: FakeShop.Unavailable.self) {
        try await screen.checkout(order())
    }
    #expect(screen.receipts.isEmpty)
    #expect(screen.lastOrder == nil)
    #expect(await shop.requests.count == 3)
}

@Test func orderAgainSendsTheNewNote() async throws {
    let shop = FakeShop(failures: 0)
    let screen = screen(using: shop)
    try await screen.checkout(order())
    try await screen.orderAgain(note: "leave at the door")
    #expect(await shop.requests == [
        "milk+eggs to Elm St 4 (ring twice)", "milk+eggs to Elm St 4 (leave at the door)",
    ])
    #expect(screen.lastOrder?.address.note == "leave at the door")
    #expect(screen.receipts.map(\.number) == [1, 2])
}

@Test func aFailedOrderAgainLeavesTheLastOrderAsItWas() async throws {
    let shop = FakeShop(failures: 0)
    let screen = screen(using: shop)
    try await screen.checkout(order())
    await shop.fail(3)
    await #expect(throws: FakeShop.Unavailable.self) {
        try await screen.orderAgain(note: "leave at the door")
    }
    #expect(screen.lastOrder?.address.note == "ring twice",
            "the failed “Order again” left its new note in the last order: the two orders share one address object")
}

/// A copy of `value`, changed by `change`. For a value type, `value` itself stays as it was.
private func copy<T>(of value: T, changedBy change: (inout T) -> Void) -> T {
    var copy = value
    change(&copy)
    return copy
}

@Test func anOrdersCopyHasAnAddressOfItsOwn() {
    let placed = order()
    let edited = copy(of: placed) { $0.address.note = "call me" }
    #expect(edited.address.note == "call me")
    #expect(placed.address.note == "ring twice",
            "editing the address of a copy of an order changed the original's: the two orders share one address object")
}
