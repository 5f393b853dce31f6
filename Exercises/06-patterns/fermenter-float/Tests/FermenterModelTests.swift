import InterleavingHarness
import Synchronization
import Testing

@testable import FermenterFloat

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake float. The test sends its readings, which it writes into one reused `FloatReading`
/// as the real SDK does; it counts who listens.
nonisolated final class FakeFloat: Hydrometer {
    private struct State {
        var listeners: [ListenerID: @Sendable (FloatReading) -> Void] = [:]
        var nextID = 1
    }

    private let state = Mutex(State())
    private let reading = Mutex(FloatReading())

    /// How many listeners are added right now.
    var listenerCount: Int { state.withLock { $0.listeners.count } }

    func addListener(_ listener: @escaping @Sendable (FloatReading) -> Void) -> ListenerID {
        state.withLock { state in
            let id = ListenerID(rawValue: state.nextID)
            state.nextID += 1
            state.listeners[id] = listener
            return id
        }
    }

    func removeListener(_ id: ListenerID) {
        _ = state.withLock { $0.listeners.removeValue(forKey: id) }
    }

    /// Calls every listener with a reading, as the SDK's Bluetooth thread would.
    func send(number: Int, gravity: Int, celsius: Double) {
        let listeners = state.withLock { Array($0.listeners.values) }
        reading.withLock { reading in
            reading.number = number
            reading.gravity = gravity
            reading.celsius = celsius
            listeners.forEach { $0(reading) }
        }
    }
}

/// Lets the main actor run the work queued on it until `done()` holds, for at most a thousand
/// turns.
func settle(until done: () -> Bool = { false }) async {
    var turns = 0
    while !done() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
}

@Test func theScreenShowsTheLatestReading() async {
    let float = FakeFloat()
    let model = FermenterModel(hydrometer: float)
    model.follow()
    float.send(number: 1, gravity: 1048, celsius: 19.5)
    await settle { model.readingNumber == 1 }
    #expect(model.gravity == 1048)
    #expect(model.celsius == 19.5)
    float.send(number: 2, gravity: 1046, celsius: 19.0)
    await settle { model.readingNumber == 2 }
    #expect(model.gravity == 1046)
    #expect(model.celsius == 19.0)
}

@Test func aLatePacketDoesNotTurnTheClockBack() async {
    let float = FakeFloat()
    let model = FermenterModel(hydrometer: float)
    model.follow()
    float.send(number: 7, gravity: 1020, celsius: 18.0)
    float.send(number: 6, gravity: 1024, celsius: 18.5)
    await settle()
    #expect(model.readingNumber == 7)
    #expect(model.gravity == 1020, "reading 6 arrived after reading 7 and replaced it: the screen went back in time")
    #expect(model.celsius == 18.0)
    // The sensor is noisy: a newer reading may show a slightly higher gravity.
    float.send(number: 8, gravity: 1021, celsius: 18.0)
    await settle { model.readingNumber == 8 }
    #expect(
        model.gravity == 1021,
        "a newer reading after a late packet must still be shown, even a slightly higher gravity: the reading's number says which is newer")
}

@Test func closingTheScreenTurnsTheRadioOff() async {
    let float = FakeFloat()
    weak var closed: FermenterModel?
    do {
        let model = FermenterModel(hydrometer: float)
        model.follow()
        float.send(number: 1, gravity: 1050, celsius: 20.0)
        await settle { model.readingNumber == 1 }
        closed = model
    }
    await settle { closed == nil }
    #expect(closed == nil, "the screen let go of its model, but something still holds it: the float's listener")
    #expect(float.listenerCount == 0, "the screen has closed, and the float still has a listener: its radio stays on")
}

@Test func aReadingOnItsWayWhenTheScreenClosesIsDropped() async {
    let float = FakeFloat()
    weak var closed: FermenterModel?
    do {
        let model = FermenterModel(hydrometer: float)
        model.follow()
        closed = model
        // A reading arrives just as the screen closes: its update waits for the main actor,
        // and gets it only once the model is gone.
        withExtendedLifetime(model) { float.send(number: 1, gravity: 1050, celsius: 20.0) }
    }
    // Whoever still holds the model, the update finds it or finds nothing: with `unowned`, it
    // finds a model already freed, and the app crashes.
    await settle()
    #expect(closed.map { $0.readingNumber == 1 } ?? true, "a model still open lost the reading that arrived as the screen closed")
}

@Test func aReadingAfterTheScreenClosedChangesNothing() async {
    let float = FakeFloat()
    let open = FermenterModel(hydrometer: float)
    open.follow()
    do {
        let model = FermenterModel(hydrometer: float)
        model.follow()
    }
    await settle { float.listenerCount == 1 }
    float.send(number: 3, gravity: 1030, celsius: 17.0)
    await settle { open.readingNumber == 3 }
    #expect(open.gravity == 1030, "the screen that is still open follows the float")
    #expect(float.listenerCount == 1, "each model removes only its own listener")
}

@Test func nothingShownBeforeTheFirstReading() {
    let model = FermenterModel(hydrometer: FakeFloat())
    model.follow()
    #expect(model.gravity == nil && model.celsius == nil)
}

/// Reading `number`'s gravity and temperature in the exploring test: each reading its own.
nonisolated private func gravity(ofReading number: Int) -> Int { 1050 - 2 * number }
nonisolated private func celsius(ofReading number: Int) -> Double { 20 - 0.5 * Double(number) }

/// A screen that follows `float`.
private func following(_ float: FakeFloat) -> FermenterModel {
    let model = FermenterModel(hydrometer: float)
    model.follow()
    return model
}

/// What the screen shows: the reading's number, and whether its gravity and temperature are that
/// reading's (or nothing yet).
private func look(at model: FermenterModel) -> (number: Int, consistent: Bool) {
    let number = model.readingNumber
    Interleavings.note("sees reading \(number), gravity \(model.gravity.map(String.init) ?? "none")")
    let consistent =
        number == 0
        ? model.gravity == nil && model.celsius == nil
        : model.gravity == gravity(ofReading: number) && model.celsius == celsius(ofReading: number)
    return (number, consistent)
}

/// The float sends readings 1, 2 and 4, then 3, sent again after a weak signal, late; the screen
/// looks at the model meanwhile, in a hundred orders (seeded, the same on every machine), the
/// main actor taking its turns among the other steps as if busy drawing. Whatever the order, the
/// screen never shows an older reading after a newer one, nor one reading's number with another's
/// values.
@Test func theScreenNeverGoesBackInTimeInAnyOrder() async {
    await Interleavings.explore(schedules: 100, schedulesMainActor: true) {
        let float = FakeFloat()
        let model = await following(float)
        let seen = Mutex(0)
        @Sendable func looking() async throws {
            let shown = await look(at: model)
            let before = seen.withLock { seen in
                defer { seen = max(seen, shown.number) }
                return seen
            }
            try Interleavings.check(
                shown.number >= before,
                "the screen showed reading \(shown.number) after reading \(before): the screen went back in time. Hops made one after another reach the main actor in that order only with `Task { @MainActor in … }`, and even then old news can come late: compare the reading's number with the one on screen on the main actor, where you change it"
            )
            try Interleavings.check(
                shown.consistent,
                "the screen showed reading \(shown.number) with the gravity or temperature of another reading: change all three together, in one visit to the main actor"
            )
        }
        try await Interleavings.concurrently([
            (
                "float",
                {
                    for number in [1, 2, 4, 3] {
                        Interleavings.note("sends reading \(number)")
                        float.send(number: number, gravity: gravity(ofReading: number), celsius: celsius(ofReading: number))
                        await Interleavings.pause()
                    }
                }
            ),
            (
                "screen",
                {
                    for _ in 0..<4 {
                        try await looking()
                        await Interleavings.pause()
                    }
                }
            ),
        ])
        try await looking()
    }
}
