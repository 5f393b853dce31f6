import InterleavingHarness
import Testing
@testable import IsolatedParameter

// This test module is built in main actor mode too.

/// A price list whose answers wait until the test gives them, on the main actor. It says
/// `@MainActor` twice because a type that conforms to a `Sendable` protocol where it is
/// declared is not main-actor isolated by default, and a method that serves a nonisolated
/// requirement is nonisolated unless it says otherwise.
@MainActor final class ControlledPrices: PriceList {
    private var waiting: [CheckedContinuation<Int, Never>] = []
    private var answerAtOnce: Int?

    @MainActor func price(of sku: String) async -> Int {
        if let answerAtOnce {
            return answerAtOnce
        }
        return await withCheckedContinuation { waiting.append($0) }
    }

    var waitingCount: Int { waiting.count }

    /// Answers every waiting request in the same turn of the main actor, and every later one
    /// at once.
    func answerAll(with price: Int) {
        answerAtOnce = price
        while !waiting.isEmpty {
            waiting.removeFirst().resume(returning: price)
        }
    }
}

/// Returns as soon as `condition` holds, or `false` after two seconds. The deadline only
/// bounds how long a wrong answer makes the test wait: a right one returns at once.
private func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(2)
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}

/// Returns once `condition` holds, however long the machine takes to run the tasks it waits
/// for: used where every answer, right or wrong, gets there (the run's time limit bounds the rest).
private func once(_ condition: () -> Bool) async {
    while !condition(), !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(1))
    }
}

/// What two purchases got, kept on the main actor as each one ends.
@MainActor private final class Outcomes {
    var purchases: [Int: Purchase?] = [:]
}

/// Two customers buy `count` of `sku` at the same moment; returns what each got.
///
/// The two purchases are tasks of one priority, and nothing awaits either of them while they
/// run: awaiting a task raises its priority to the waiter's, and a raised purchase can overtake
/// the other in the warehouse's queue, so that it checks and takes before the other checks.
/// Without that, both purchases enter the main actor's queue in order when their prices come,
/// and each reaches the warehouse before either comes back from it: every run sees the same
/// interleaving, whatever the load.
private func twoCustomersBuy(
    _ count: Int, of sku: String, at checkout: Checkout, prices: ControlledPrices
) async -> [Purchase?] {
    let outcomes = Outcomes()
    let first = Task { outcomes.purchases[0] = await checkout.buy(count, of: sku) }
    let second = Task { outcomes.purchases[1] = await checkout.buy(count, of: sku) }
    // Both purchases wait for their price (or, turned away, have ended) before it comes: on a
    // loaded machine a deadline here could expire with one purchase not yet started, which would
    // then run alone, after the other, and hide the race.
    await once { prices.waitingCount + outcomes.purchases.count == 2 }
    prices.answerAll(with: 40)
    _ = await eventually { outcomes.purchases.count == 2 }
    await first.value
    await second.value
    return [outcomes.purchases[0] ?? nil, outcomes.purchases[1] ?? nil]
}

/// A price list that answers after a while (other purchases may run meanwhile), and notes each
/// request in the trace a failing schedule shows.
nonisolated final class SlowPrices: PriceList {
    func price(of sku: String) async -> Int {
        Interleavings.note("asks the price of a \(sku)")
        await Interleavings.pause()
        return 40
    }
}

/// Whether `checkout` sold one `sku`; notes the result in the trace.
private func buysOne(_ sku: String, at checkout: Checkout) async -> Bool {
    let bought = await checkout.buy(1, of: sku) != nil
    Interleavings.note(bought ? "sold the \(sku)" : "turned the customer away")
    return bought
}

@Suite(.serialized) struct CheckoutTests {
    @Test func twoCustomersCannotBothBuyTheLastLamp() async {
        let warehouse = Warehouse(stock: ["lamp": 1])
        let prices = ControlledPrices()
        let purchases = await twoCustomersBuy(1, of: "lamp", at: Checkout(warehouse: warehouse, prices: prices), prices: prices)
        #expect(
            await warehouse.oversold == 0,
            "the shop sold a lamp it didn't have: between checking the stock and taking it, another purchase took it"
        )
        #expect(purchases.compactMap { $0 }.count == 1, "exactly one of the two customers should get the last lamp")
    }

    @Test func twoCustomersBothBuyWhenThereIsEnough() async {
        let warehouse = Warehouse(stock: ["lamp": 2])
        let prices = ControlledPrices()
        let purchases = await twoCustomersBuy(1, of: "lamp", at: Checkout(warehouse: warehouse, prices: prices), prices: prices)
        #expect(
            purchases.allSatisfy { $0 != nil },
            "a customer was turned away while the stock was there: one purchase must not block another"
        )
        #expect(await warehouse.available("lamp") == 0)
        #expect(await warehouse.oversold == 0)
    }

    @Test func aPurchaseIsPricedAndTakesItsStock() async {
        let warehouse = Warehouse(stock: ["chair": 5])
        let prices = ControlledPrices()
        let checkout = Checkout(warehouse: warehouse, prices: prices)
        let buying = Task { await checkout.buy(2, of: "chair") }
        #expect(await eventually { prices.waitingCount == 1 }, "a purchase should ask for today's price")
        prices.answerAll(with: 40)
        #expect(await buying.value == Purchase(sku: "chair", count: 2, total: 80))
        #expect(await warehouse.available("chair") == 3)
        #expect(await checkout.buy(4, of: "chair") == nil, "there are only 3 chairs left")
    }

    /// The shop's register and its web shop each have a checkout, and one warehouse: two customers
    /// buy the last lamp at once, one at each, in a hundred orders (seeded, the same on every
    /// machine). Whatever the order, exactly one gets it, and the warehouse never oversells.
    @Test func twoCheckoutsNeverSellTheSameLamp() async {
        await Interleavings.explore(schedules: 100, settlesMainActor: true) {
            let warehouse = Warehouse(stock: ["lamp": 1])
            let register = await Checkout(warehouse: warehouse, prices: SlowPrices())
            let web = await Checkout(warehouse: warehouse, prices: SlowPrices())
            let sold = Sold()
            try await Interleavings.concurrently([
                ("register", { await sold.add(await buysOne("lamp", at: register)) }),
                ("web shop", { await sold.add(await buysOne("lamp", at: web)) }),
            ])
            let oversold = await warehouse.oversold
            try Interleavings.check(
                oversold == 0,
                "the shop sold a lamp it didn't have: between checking the stock and taking it, another purchase took it — the warehouse is shared by every checkout, so the check and the take must happen on it in one piece"
            )
            let buyers = await sold.count
            try Interleavings.check(buyers == 1, "\(buyers) customers got the last lamp")
        }
    }

    /// Three customers, at three checkouts, buy one of the last two lamps at once. A check that is
    /// safe only while the stock looks plentiful is a check and a take in two visits all the same:
    /// with three customers, two of them can both see two lamps, and a third take the one between.
    @Test func threeCheckoutsNeverSellMoreLampsThanThereAre() async {
        await Interleavings.explore(schedules: 100, settlesMainActor: true) {
            let warehouse = Warehouse(stock: ["lamp": 2])
            let register = await Checkout(warehouse: warehouse, prices: SlowPrices())
            let web = await Checkout(warehouse: warehouse, prices: SlowPrices())
            let phone = await Checkout(warehouse: warehouse, prices: SlowPrices())
            let sold = Sold()
            try await Interleavings.concurrently([
                ("register", { await sold.add(await buysOne("lamp", at: register)) }),
                ("web shop", { await sold.add(await buysOne("lamp", at: web)) }),
                ("phone", { await sold.add(await buysOne("lamp", at: phone)) }),
            ])
            let oversold = await warehouse.oversold
            try Interleavings.check(
                oversold == 0,
                "the shop sold \(oversold) lamp(s) it didn't have: a check the stock passed (even a generous one) and the take that followed it were two visits to the warehouse, and other purchases took lamps between them — every purchase must check and take on the warehouse in one piece"
            )
            let buyers = await sold.count
            try Interleavings.check(buyers == 2, "\(buyers) customers got one of the last two lamps")
        }
    }
}

/// How many purchases went through.
private actor Sold {
    private(set) var count = 0

    func add(_ bought: Bool) {
        if bought { count += 1 }
    }
}
