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
