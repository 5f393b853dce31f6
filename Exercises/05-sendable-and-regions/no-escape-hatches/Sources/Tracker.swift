// The analytics package of a recipe app. `track(_:)` is called synchronously from
// everywhere: main-actor UI code, background imports, network callbacks. So one tracker is
// shared by every isolation domain, and it can't be an actor: its callers can't `await`.

/// One analytics event. The server orders the events of a session by their sequence numbers,
/// and drops an event whose number it has seen already.
struct Event: Sendable, Equatable {
    let session: Int
    let sequenceNumber: Int
    let name: String
    let timestamp: Double
}

// TODO: this compiles only because two escape hatches switched the compiler's checks off,
// and the counters they hide are changed from many threads at once: a busy day loses events
// and hands two of them the same number. Delete `@unchecked` and `nonisolated(unsafe)`, so that
// the compiler checks this code again, and make the counters safe without them.

/// Numbers the events of one session of the app.
final class Tracker: @unchecked Sendable {
    /// How many sessions this process has started: the number of the last one.
    nonisolated(unsafe) private static var sessionsStarted = 0

    let session: Int
    let startedAt: Double
    private let clock: @Sendable () -> Double
    private var lastSequenceNumber = 0

    init(clock: @escaping @Sendable () -> Double) {
        session = Self.sessionsStarted + 1
        startedAt = clock()
        self.clock = clock
        // The session is set up: count it.
        Self.sessionsStarted = session
    }

    /// Numbers a new event, stamps it with the time and returns it, for the uploader.
    func track(_ name: String) -> Event {
        let number = lastSequenceNumber + 1
        let event = Event(session: session, sequenceNumber: number, name: name, timestamp: clock())
        lastSequenceNumber = number
        return event
    }

    /// How many events this session has numbered.
    var eventCount: Int {
        lastSequenceNumber
    }
}
