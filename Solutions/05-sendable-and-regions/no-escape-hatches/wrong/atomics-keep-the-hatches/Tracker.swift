// The analytics package of a recipe app. `track(_:)` is called synchronously from
// everywhere: main-actor UI code, background imports, network callbacks. So one tracker is
// shared by every isolation domain, and it can't be an actor: its callers can't `await`.

import Synchronization

/// One analytics event. The server orders the events of a session by their sequence numbers,
/// and drops an event whose number it has seen already.
struct Event: Sendable, Equatable {
    let session: Int
    let sequenceNumber: Int
    let name: String
    let timestamp: Double
}

/// Numbers the events of one session of the app.
final class Tracker: @unchecked Sendable {
    /// How many sessions this process has started: the number of the last one.
    nonisolated(unsafe) private static let sessionsStarted = Atomic<Int>(0)

    let session: Int
    let startedAt: Double
    private let clock: @Sendable () -> Double
    private let lastSequenceNumber = Atomic<Int>(0)

    init(clock: @escaping @Sendable () -> Double) {
        // One indivisible read-add-write: two sessions started at once get different numbers.
        session = Self.sessionsStarted.add(1, ordering: .relaxed).newValue
        startedAt = clock()
        self.clock = clock
    }

    /// Numbers a new event, stamps it with the time and returns it, for the uploader.
    func track(_ name: String) -> Event {
        let number = lastSequenceNumber.add(1, ordering: .relaxed).newValue
        return Event(session: session, sequenceNumber: number, name: name, timestamp: clock())
    }

    /// How many events this session has numbered.
    var eventCount: Int {
        lastSequenceNumber.load(ordering: .relaxed)
    }
}
