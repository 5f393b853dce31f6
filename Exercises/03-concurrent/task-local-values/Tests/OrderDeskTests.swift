import Synchronization
import Testing
@testable import TaskLocalValues

// This test module is built in main actor mode too. The pantry and the oven are actors, so
// the desk's child tasks really leave the main actor to reach them.

/// Keeps every line, in order, from whichever task writes it.
final class RecordingJournal: Journal {
    private let recorded = Mutex<[String]>([])

    nonisolated func write(_ line: String) {
        recorded.withLock { $0.append(line) }
    }

    var lines: [String] { recorded.withLock { $0 } }
}

/// A pantry that answers each reservation when the test says so.
actor ControlledPantry: Pantry {
    let journal: RecordingJournal
    private var waiting: [String: CheckedContinuation<Bool, Never>] = [:]

    init(journal: RecordingJournal) {
        self.journal = journal
    }

    func reserveIngredients(for item: String) async -> Bool {
        let available = await withCheckedContinuation { waiting[item] = $0 }
        journal.note(available ? "ingredients reserved for \(item)" : "no ingredients for \(item)")
        return available
    }

    var waitingCount: Int { waiting.count }

    func answer(_ item: String, available: Bool) {
        waiting.removeValue(forKey: item)?.resume(returning: available)
    }
}

/// An oven with a free slot for everyone.
actor FreeOven: Oven {
    let journal: RecordingJournal
    private var nextSlot = 1

    init(journal: RecordingJournal) {
        self.journal = journal
    }

    func bookSlot(for item: String) async -> Int {
        let slot = nextSlot
        nextSlot += 1
        journal.note("oven slot \(slot) booked for \(item)")
        return slot
    }
}

/// An oven whose bookings wait until they are cancelled: it notes each booking that was.
nonisolated final class HeldOven: Oven {
    private struct State {
        var waiting: [String: CheckedContinuation<Int, Never>] = [:]
        var cancelled: [String] = []
    }

    private let state = Mutex(State())

    var cancelledBookings: [String] { state.withLock { $0.cancelled } }

    func bookSlot(for item: String) async -> Int {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelledAlready = state.withLock { state in
                    if Task.isCancelled { return true }
                    state.waiting[item] = continuation
                    return false
                }
                if cancelledAlready { continuation.resume(returning: 0) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled.append(item)
                return state.waiting.removeValue(forKey: item)
            }
            continuation?.resume(returning: 0)
        }
    }
}

/// A pantry whose reservations wait until they are cancelled or the test releases them: it notes
/// each reservation that was cancelled.
nonisolated final class HeldPantry: Pantry {
    private struct State {
        var waiting: [String: CheckedContinuation<Bool, Never>] = [:]
        var cancelled: [String] = []
    }

    private let state = Mutex(State())

    var waitingCount: Int { state.withLock { $0.waiting.count } }
    var cancelledReservations: [String] { state.withLock { $0.cancelled } }

    func reserveIngredients(for item: String) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelledAlready = state.withLock { state in
                    if Task.isCancelled {
                        state.cancelled.append(item)
                        return true
                    }
                    state.waiting[item] = continuation
                    return false
                }
                if cancelledAlready { continuation.resume(returning: false) }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                state.cancelled.append(item)
                return state.waiting.removeValue(forKey: item)
            }
            continuation?.resume(returning: false)
        }
    }

    /// Ends every reservation still waiting, with no ingredients.
    func releaseAll() {
        let waiting = state.withLock { state in
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        waiting.forEach { $0.resume(returning: false) }
    }
}

/// Gives the app's tasks up to 1,000 turns on the main actor (far more than they need) and
/// returns whether `condition` has become true.
private func eventually(_ condition: () async -> Bool) async -> Bool {
    var turns = 0
    while await !condition() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
    return await condition()
}

/// Records an issue for each line about `item` that is not tagged with `orderID`.
private func expectLines(about item: String, in journal: RecordingJournal, taggedWith orderID: String) {
    let lines = journal.lines.filter { $0.contains(item) }
    #expect(lines.count >= 3, "expected the desk's, the pantry's and the oven's lines about \(item)")
    for line in lines where !line.hasPrefix("[\(orderID)] ") {
        if line.hasPrefix("[no order]") {
            Issue.record("a line about \(item) says 'no order': the order's ID must be bound for everything placing it does, child tasks included — \(line)")
        } else {
            Issue.record("a line about \(item) carries another order's ID: one value is shared by every order in flight — \(line)")
        }
    }
}

@Suite(.serialized) struct OrderDeskTests {
    @Test func everyLineOfAnOrderCarriesItsID() async {
        let journal = RecordingJournal()
        let pantry = ControlledPantry(journal: journal)
        let desk = OrderDesk(pantry: pantry, oven: FreeOven(journal: journal), journal: journal)
        let placing = Task { await desk.place(Order(id: "A-17", item: "rye bread")) }
        #expect(await eventually { await pantry.waitingCount == 1 }, "placing an order should reserve its ingredients")
        await pantry.answer("rye bread", available: true)
        #expect(await placing.value == .booked(slot: 1))
        expectLines(about: "rye bread", in: journal, taggedWith: "A-17")
    }

    @Test func twoOrdersAtOnceKeepTheirOwnIDs() async {
        let journal = RecordingJournal()
        let pantry = ControlledPantry(journal: journal)
        let desk = OrderDesk(pantry: pantry, oven: FreeOven(journal: journal), journal: journal)
        let first = Task { await desk.place(Order(id: "A-17", item: "rye bread")) }
        let second = Task { await desk.place(Order(id: "B-42", item: "lemon tart")) }
        #expect(await eventually { await pantry.waitingCount == 2 }, "both orders should be in progress")
        await pantry.answer("rye bread", available: true)
        _ = await first.value
        await pantry.answer("lemon tart", available: false)
        #expect(await second.value == .soldOut)
        expectLines(about: "rye bread", in: journal, taggedWith: "A-17")
        expectLines(about: "lemon tart", in: journal, taggedWith: "B-42")
    }

    @Test func aSoldOutOrderGivesUpItsOvenBooking() async {
        let journal = RecordingJournal()
        let pantry = ControlledPantry(journal: journal)
        let oven = HeldOven()
        let desk = OrderDesk(pantry: pantry, oven: oven, journal: journal)
        let placing = Task { await desk.place(Order(id: "C-3", item: "plum cake")) }
        #expect(await eventually { await pantry.waitingCount == 1 })
        await pantry.answer("plum cake", available: false)
        #expect(await placing.value == .soldOut)
        #expect(
            oven.cancelledBookings == ["plum cake"],
            "the order was sold out, yet its oven booking went on after it: a booking started with `async let` is cancelled and awaited when the order returns, one in a `Task { }` is not")
    }

    @Test func linesOutsideAnOrderSayNoOrder() async {
        let journal = RecordingJournal()
        let pantry = ControlledPantry(journal: journal)
        let desk = OrderDesk(pantry: pantry, oven: FreeOven(journal: journal), journal: journal)
        let placing = Task { await desk.place(Order(id: "C-3", item: "croissant")) }
        #expect(await eventually { await pantry.waitingCount == 1 })
        await pantry.answer("croissant", available: true)
        _ = await placing.value
        journal.note("closing the till")
        #expect(journal.lines.last == "[no order] closing the till", "the order's ID outlived the order")
    }

    @Test func aCancelledOrderCancelsItsReservation() async {
        let journal = RecordingJournal()
        let pantry = HeldPantry()
        let desk = OrderDesk(pantry: pantry, oven: HeldOven(), journal: journal)
        let placing = Task { await desk.place(Order(id: "D-8", item: "apple pie")) }
        #expect(await eventually { pantry.waitingCount == 1 }, "placing an order should reserve its ingredients")
        // The customer walks away while the pantry is still checking.
        placing.cancel()
        let cancelled = await eventually { pantry.cancelledReservations == ["apple pie"] }
        pantry.releaseAll()  // lets a reservation that nobody cancelled end
        #expect(await placing.value == .soldOut)
        #expect(
            cancelled,
            "the order was cancelled, yet its ingredients stayed reserved: a reservation started with `async let` is a child of the order and is cancelled with it, one in a `Task { }` is nobody's child"
        )
    }
}
