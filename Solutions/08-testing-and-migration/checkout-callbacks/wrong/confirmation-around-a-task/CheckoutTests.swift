import Testing
@testable import CheckoutCallbacks

// This test module is built in main actor mode: every `@Test` runs on the main actor.

@Test func anApprovedPaymentPrintsItsReceipt() async {
    let checkout = Checkout(terminal: ScriptedTerminal([.approved(receipt: "R-1")]))
    await confirmation("a receipt was printed") { printed in
        checkout.onReceipt = { _ in printed() }
        Task { await checkout.pay(cents: 350) }
    }
}

@Test func twoTimeOutsAreReportedAsDeclined() async {
    let checkout = Checkout(terminal: ScriptedTerminal([.timedOut, .timedOut]))
    await confirmation("a receipt was printed", expectedCount: 0) { printed in
        await confirmation("the payment was declined") { declined in
            checkout.onReceipt = { _ in printed() }
            checkout.onDeclined = { _ in declined() }
            await checkout.pay(cents: 350)
        }
    }
}
