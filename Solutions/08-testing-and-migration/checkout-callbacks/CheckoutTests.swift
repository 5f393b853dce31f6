import Testing
@testable import CheckoutCallbacks

// This test module is built in main actor mode: every `@Test` runs on the main actor.

// Each test counts both callbacks while `pay(cents:)` runs: the one that must be called once,
// and the one that must not be called at all.

@Test func anApprovedPaymentPrintsItsReceipt() async {
    let terminal = ScriptedTerminal([.approved(receipt: "R-1")])
    let checkout = Checkout(terminal: terminal)
    await confirmation("a receipt was printed") { printed in
        await confirmation("the payment was declined", expectedCount: 0) { declined in
            checkout.onReceipt = { receipt in
                #expect(receipt == "R-1")
                printed()
            }
            checkout.onDeclined = { _ in declined() }
            await checkout.pay(cents: 350)
        }
    }
    #expect(await terminal.charges == 1)
}

@Test func aDeclinedCardShowsTheReason() async {
    let checkout = Checkout(terminal: ScriptedTerminal([.declined(reason: "Insufficient funds")]))
    await confirmation("a receipt was printed", expectedCount: 0) { printed in
        await confirmation("the payment was declined") { declined in
            checkout.onReceipt = { _ in printed() }
            checkout.onDeclined = { reason in
                #expect(reason == "Insufficient funds")
                declined()
            }
            await checkout.pay(cents: 350)
        }
    }
}

@Test func oneTimeOutIsTriedAgain() async {
    let terminal = ScriptedTerminal([.timedOut, .approved(receipt: "R-2")])
    let checkout = Checkout(terminal: terminal)
    await confirmation("a receipt was printed") { printed in
        await confirmation("the payment was declined", expectedCount: 0) { declined in
            checkout.onReceipt = { _ in printed() }
            checkout.onDeclined = { _ in declined() }
            await checkout.pay(cents: 350)
        }
    }
    #expect(await terminal.charges == 2)
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
