import InterleavingHarness
import Synchronization
import Testing

@testable import ReentrancyCheckThenAct

/// A fake bank that holds every transfer until the test confirms or fails it.
nonisolated final class GatedBank: Bank {
    private struct Transfer {
        let description: String
        let confirmation: CheckedContinuation<Void, any Error>
    }

    private let pending = Mutex<[Transfer]>([])

    /// The transfers the bank is working on, such as "Comics: 80".
    var pendingTransfers: [String] {
        pending.withLock { $0.map(\.description) }
    }

    func transfer(_ amount: Int, to payee: String) async throws {
        try await withCheckedThrowingContinuation { confirmation in
            pending.withLock { $0.append(Transfer(description: "\(payee): \(amount)", confirmation: confirmation)) }
        }
    }

    func confirmAll() {
        let transfers = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        transfers.forEach { $0.confirmation.resume() }
    }

    /// Ends every transfer with `error`: by default the bank is down.
    func failAll(with error: any Error = PaymentError.bankUnavailable) {
        let transfers = pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
        transfers.forEach { $0.confirmation.resume(throwing: error) }
    }
}

/// A network error that is not the bank's own.
nonisolated struct ConnectionLost: Error {}

// How the tests control the interleaving: a payment starts *on the wallet's actor*, so it
// runs without interruption until it finishes or stops at an `await` (here, waiting for the
// bank). `quiet(_:)` also needs the wallet's actor, so once it has run, the payment has got
// as far as it can go without the bank. No sleeping, no guessing.

private func pay(
    _ amount: Int, to payee: String, from wallet: isolated Wallet,
    started: AsyncStream<Void>.Continuation
) async throws {
    started.yield()
    try await wallet.pay(amount, to: payee)
}

private func quiet(_ wallet: isolated Wallet) {}

/// Starts a payment and returns once it has finished or is waiting for the bank.
private func startPayment(_ amount: Int, to payee: String, from wallet: Wallet) async -> Task<Void, any Error> {
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let payment = Task { try await pay(amount, to: payee, from: wallet, started: startedContinuation) }
    for await _ in started { break }
    await quiet(wallet)
    return payment
}

/// A payment of part of the 100 cents, and one of all of them.
@Test(arguments: [30, 100])
func aPaymentWithinTheBalanceGoesThrough(_ amount: Int) async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let payment = await startPayment(amount, to: "Bookshop", from: wallet)
    // (`#require` here and below: a payment that never reached the bank would wait forever.)
    try #require(
        bank.pendingTransfers == ["Bookshop: \(amount)"],
        "a payment of \(amount) cents from a wallet of 100 was refused: a payment of the whole balance leaves the wallet at zero, not below")
    bank.confirmAll()
    try await payment.value
    #expect(await wallet.balance == 100 - amount)
    #expect(await wallet.payments == ["Bookshop: \(amount)"])
}

@Test func aPaymentBeyondTheBalanceIsRefused() async {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    await #expect(throws: PaymentError.insufficientFunds) {
        try await wallet.pay(150, to: "Bike shop")
    }
    #expect(bank.pendingTransfers.isEmpty)
    #expect(await wallet.balance == 100)
}

@Test func twoPaymentsCannotSpendTheSameMoney() async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let comics = await startPayment(80, to: "Comics", from: wallet)
    // The first payment waits for the bank. The second one comes in meanwhile.
    let music = await startPayment(50, to: "Music", from: wallet)
    try #require(
        bank.pendingTransfers == ["Comics: 80"],
        "the bank was asked for a transfer that the wallet can't cover: 80 of the 100 cents were already on their way")
    bank.confirmAll()
    try await comics.value
    await #expect(throws: PaymentError.insufficientFunds) { try await music.value }
    let balance = await wallet.balance
    #expect(balance == 20, "the wallet must never go below zero")
    #expect(await wallet.payments == ["Comics: 80"])
}

@Test func paymentsThatFitGoThroughSideBySide() async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let comics = await startPayment(30, to: "Comics", from: wallet)
    let music = await startPayment(50, to: "Music", from: wallet)
    // (`#require`: if the second payment waits in line, it never reaches the bank.)
    try #require(
        bank.pendingTransfers == ["Comics: 30", "Music: 50"],
        "both payments fit: the second one should not wait in line for the first — don't turn the payments into a queue")
    bank.confirmAll()
    try await comics.value
    try await music.value
    #expect(await wallet.balance == 20)
    #expect(await Set(wallet.payments) == ["Comics: 30", "Music: 50"])
}

@Test func aFailedTransferKeepsTheMoney() async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let bike = await startPayment(80, to: "Bike shop", from: wallet)
    try #require(bank.pendingTransfers == ["Bike shop: 80"])
    bank.failAll()
    await #expect(throws: PaymentError.bankUnavailable) { try await bike.value }
    #expect(await wallet.balance == 100, "the transfer failed, so the money never left: put it back when the bank fails")
    #expect(await wallet.payments.isEmpty, "a failed transfer is not a payment")
    let retry = await startPayment(80, to: "Bike shop", from: wallet)
    try #require(bank.pendingTransfers == ["Bike shop: 80"])
    bank.confirmAll()
    try await retry.value
    #expect(await wallet.balance == 20)
}

@Test func moneyLeftAfterAPaymentCanStillBeSpent() async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let comics = await startPayment(30, to: "Comics", from: wallet)
    try #require(bank.pendingTransfers == ["Comics: 30"])
    bank.confirmAll()
    try await comics.value
    let music = await startPayment(50, to: "Music", from: wallet)
    let asked = bank.pendingTransfers
    bank.confirmAll()
    #expect(
        asked == ["Music: 50"],
        "a payment the wallet can cover was refused: after the 30 to Comics went through, 70 cents were left for the 50 to Music. Once the bank confirms, the money has left the wallet: count it once, not twice"
    )
    try? await music.value
    #expect(await wallet.balance == 20, "30 and then 50 of the 100 cents were paid")
}

@Test func aRefusedPaymentFreesNoMoney() async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let comics = await startPayment(50, to: "Comics", from: wallet)
    let music = await startPayment(40, to: "Music", from: wallet)
    let inFlight = ["Comics: 50", "Music: 40"]
    try #require(bank.pendingTransfers == inFlight)
    // 90 of the 100 cents are on their way: 30 more don't fit, neither the first time nor the second.
    let games = await startPayment(30, to: "Games", from: wallet)
    let askedAfterTheFirst = bank.pendingTransfers
    let gamesAgain = await startPayment(30, to: "Games", from: wallet)
    let askedAfterTheSecond = bank.pendingTransfers
    bank.confirmAll()
    #expect(
        askedAfterTheFirst == inFlight,
        "the bank was asked for a transfer that the wallet can't cover: 90 of the 100 cents were already on their way")
    if askedAfterTheFirst == inFlight {
        #expect(
            askedAfterTheSecond == inFlight,
            "the bank was asked for a transfer that the wallet can't cover: 90 of the 100 cents were on their way, the first 30 to Games was refused, and the second went ahead: a refused payment gave back money it never took"
        )
    }
    try await comics.value
    try await music.value
    _ = await (games.result, gamesAgain.result)
    #expect(await wallet.balance == 10, "the wallet must never go below zero")
}

/// How a transfer can end without the bank sending the money, besides the bank being down.
nonisolated enum TransferEnding: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case cancelled = "the payment was cancelled"
    case connectionLost = "the connection to the bank was lost"

    var error: any Error {
        switch self {
        case .cancelled: CancellationError()
        case .connectionLost: ConnectionLost()
        }
    }

    var testDescription: String { rawValue }
}

@Test(arguments: TransferEnding.allCases)
func aTransferThatEndsAnyOtherWayKeepsTheMoney(_ ending: TransferEnding) async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let bike = await startPayment(80, to: "Bike shop", from: wallet)
    try #require(bank.pendingTransfers == ["Bike shop: 80"])
    bank.failAll(with: ending.error)
    await #expect(throws: (any Error).self, "the transfer failed, so the payment must fail too") { try await bike.value }
    #expect(
        await wallet.balance == 100,
        "\(ending.rawValue) before the bank sent the money, and the wallet kept the 80 cents: put the money back however the transfer fails, not only when the bank is down"
    )
    #expect(await wallet.payments.isEmpty, "a failed transfer is not a payment")
}

@Test func aPaymentCancelledAfterTheBankSentItStaysPaid() async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let bike = await startPayment(80, to: "Bike shop", from: wallet)
    try #require(bank.pendingTransfers == ["Bike shop: 80"])
    // The child closes the payment screen while the bank works; the bank sends the money anyway.
    bike.cancel()
    bank.confirmAll()
    _ = await bike.result
    let balance = await wallet.balance
    #expect(
        balance == 20,
        "the bank sent the 80 cents, then the wallet showed \(balance): the payment's task was cancelled while the bank worked, but once the bank confirms, the money has left the wallet — don't put it back"
    )
    #expect(await wallet.payments == ["Bike shop: 80"], "the bank sent the 80 cents to Bike shop: that is a payment")
}

@Test func aFailedRepeatOfAPaymentKeepsTheFirstOne() async throws {
    let bank = GatedBank()
    let wallet = Wallet(balance: 100, bank: bank)
    let firstWeek = await startPayment(30, to: "Comics", from: wallet)
    try #require(bank.pendingTransfers == ["Comics: 30"])
    bank.confirmAll()
    try await firstWeek.value
    // The weekly comic again, the same payee and amount: this time the bank fails.
    let secondWeek = await startPayment(30, to: "Comics", from: wallet)
    try #require(bank.pendingTransfers == ["Comics: 30"])
    bank.failAll()
    await #expect(throws: PaymentError.bankUnavailable) { try await secondWeek.value }
    let payments = await wallet.payments
    #expect(
        payments == ["Comics: 30"],
        "the first 30 to Comics went through and the second failed, but the wallet lists \(payments): take back only the failed payment, not every payment that looks like it"
    )
    #expect(await wallet.balance == 70)
}

/// A fake bank that takes a while over each transfer (other tasks may run meanwhile), fails the
/// ones to `failing` payees, and notes each step in the trace a failing schedule shows. It knows
/// what the wallet held at the start, so it sees a transfer the wallet can't cover when it is asked.
nonisolated final class SlowBank: Bank {
    private struct Books {
        var inFlight = 0
        var sent = 0
        var confirmed: [String] = []
        var overdrawn: String?
    }

    private let books = Mutex(Books())
    let failing: Set<String>
    let startingBalance: Int

    init(startingBalance: Int, failing: Set<String>) {
        self.startingBalance = startingBalance
        self.failing = failing
    }

    /// The cents the bank sent, and the first request it could see the wallet can't cover.
    var sent: Int { books.withLock { $0.sent } }
    /// The transfers the bank confirmed, such as "Music: 60", in the order it confirmed them.
    var confirmed: [String] { books.withLock { $0.confirmed } }
    var overdrawn: String? { books.withLock { $0.overdrawn } }

    func transfer(_ amount: Int, to payee: String) async throws {
        let committed = books.withLock { books in
            books.inFlight += amount
            let committed = books.sent + books.inFlight
            if committed > startingBalance, books.overdrawn == nil {
                books.overdrawn = "the bank was asked to send \(committed) cents in all from a wallet of \(startingBalance)"
            }
            return committed
        }
        Interleavings.note("the bank starts sending \(amount) to \(payee) (\(committed) on their way or sent)")
        await Interleavings.pause()
        let fails = failing.contains(payee)
        books.withLock { books in
            books.inFlight -= amount
            if !fails {
                books.sent += amount
                books.confirmed.append("\(payee): \(amount)")
            }
        }
        Interleavings.note(fails ? "the bank fails the \(amount) to \(payee)" : "the bank confirms the \(amount) to \(payee)")
        if fails { throw PaymentError.bankUnavailable }
    }
}

/// Three payments at once, one of which the bank fails, in two hundred orders (seeded, the same on
/// every machine): whatever the order, the bank never sends money the wallet doesn't hold, the
/// wallet ends up with exactly what it started with minus what the bank sent, and its list of
/// payments is exactly the transfers the bank confirmed.
@Test func everyOrderOfThreePaymentsKeepsTheBooks() async {
    await Interleavings.explore(schedules: 200) {
        let bank = SlowBank(startingBalance: 100, failing: ["Comics"])
        let wallet = Wallet(balance: 100, bank: bank)
        try await Interleavings.concurrently([
            ("comics", { try? await wallet.pay(30, to: "Comics") }),
            ("music", { try? await wallet.pay(60, to: "Music") }),
            ("games", { try? await wallet.pay(50, to: "Games") }),
        ])
        let balance = await wallet.balance
        let sent = bank.sent
        try Interleavings.check(
            balance == 100 - sent,
            "the wallet shows \(balance) cents after the bank sent \(sent) of 100: "
                + "when a transfer fails, put back its amount, not a balance read before the other payments")
        if let overdrawn = bank.overdrawn {
            throw Interleavings.Violation(overdrawn + ": a payment went ahead on money another one had already taken")
        }
        let payments = await wallet.payments
        let confirmed = bank.confirmed
        try Interleavings.check(
            payments.sorted() == confirmed.sorted(),
            "the wallet lists the payments \(payments) but the bank confirmed \(confirmed): "
                + "when a transfer fails, take back its own payment, not the one recorded last")
    }
}
