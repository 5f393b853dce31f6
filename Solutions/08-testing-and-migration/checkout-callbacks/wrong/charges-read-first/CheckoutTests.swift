import Testing
@testable import CheckoutCallbacks

// This test module is built in main actor mode: every `@Test` runs on the main actor.

/// Runs one payment against a terminal with `script`, and returns every report it made.
private func pay(
    with script: [CardAnswer]
) async -> (receipts: [String], declines: [String], charges: Int) {
    let terminal = ScriptedTerminal(script)
    let checkout = Checkout(terminal: terminal)
    var receipts: [String] = []
    var declines: [String] = []
    checkout.onReceipt = { receipts.append($0) }
    checkout.onDeclined = { declines.append($0) }
    await checkout.pay(cents: 350)
    let charges = await terminal.charges
    return (receipts, declines, charges)
}

@Test func anApprovedPaymentPrintsItsReceipt() async {
    let reports = await pay(with: [.approved(receipt: "R-1")])
    #expect(reports.receipts == ["R-1"])
    #expect(reports.declines.isEmpty)
    #expect(reports.charges == 1)
}

@Test func aDeclinedCardShowsTheReason() async {
    let reports = await pay(with: [.declined(reason: "Insufficient funds")])
    #expect(reports.receipts.isEmpty)
    #expect(reports.declines == ["Insufficient funds"])
}

@Test func oneTimeOutIsTriedAgain() async {
    let reports = await pay(with: [.timedOut, .approved(receipt: "R-2")])
    #expect(reports.receipts == ["R-2"])
    #expect(reports.declines.isEmpty)
}

@Test func twoTimeOutsAreReportedAsDeclined() async {
    let reports = await pay(with: [.timedOut, .timedOut])
    #expect(reports.receipts.isEmpty)
    #expect(reports.declines == ["The card terminal did not answer."])
}
