import Testing
@testable import CheckoutCallbacks

// This test module is built in main actor mode: every `@Test` runs on the main actor.

@Test func anApprovedPaymentPrintsItsReceipt() async {
    let checkout = Checkout(terminal: ScriptedTerminal([.approved(receipt: "R-1")]))
    var printed: String?
    checkout.onReceipt = { printed = $0 }
    await checkout.pay(cents: 350)
    #expect(printed == "R-1")
}

@Test func aDeclinedCardShowsTheReason() async {
    let checkout = Checkout(terminal: ScriptedTerminal([.declined(reason: "Insufficient funds")]))
    var shown: String?
    checkout.onDeclined = { shown = $0 }
    await checkout.pay(cents: 350)
    #expect(shown == "Insufficient funds")
}

@Test func oneTimeOutIsTriedAgain() async {
    let checkout = Checkout(terminal: ScriptedTerminal([.timedOut, .approved(receipt: "R-2")]))
    var printed: String?
    checkout.onReceipt = { printed = $0 }
    await checkout.pay(cents: 350)
    #expect(printed == "R-2")
}

@Test func twoTimeOutsAreReportedAsDeclined() async {
    let checkout = Checkout(terminal: ScriptedTerminal([.timedOut, .timedOut]))
    var shown: String?
    checkout.onDeclined = { shown = $0 }
    await checkout.pay(cents: 350)
    #expect(shown == "The card terminal did not answer.")
}
