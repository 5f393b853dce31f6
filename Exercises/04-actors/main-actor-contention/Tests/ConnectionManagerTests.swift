import InterleavingHarness
import Synchronization
import Testing

@testable import MainActorContention

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake network that records every write and where it came from. `write` is a nonisolated
/// async method, so it runs in the isolation domain of its caller, and `#isolation` names
/// the actor that called it.
nonisolated final class RecordingNetwork: Network {
    struct Write: Sendable {
        let text: String
        let connection: Connection
        let isolation: (any Actor)?
    }

    private let log = Mutex<[Write]>([])
    /// Hosts that can't be reached: a write to them fails.
    let unreachable: Set<String>

    struct Unreachable: Error {}

    init(unreachable: Set<String> = []) {
        self.unreachable = unreachable
    }

    var writes: [Write] {
        log.withLock { $0 }
    }

    func write(_ text: String, on connection: Connection) async throws {
        if unreachable.contains(connection.host) { throw Unreachable() }
        let write = Write(text: text, connection: connection, isolation: #isolation)
        log.withLock { $0.append(write) }
    }
}

// Off the main actor, like the outbox sync: from here, every use of the manager and of the
// status line is awaited, wherever they live.
@concurrent private func disconnectEverything(_ manager: ConnectionManager) async {
    await manager.disconnectAll()
}

@concurrent private func text(of status: StatusLine) async -> String {
    await status.text()
}

/// Where a write came from, in words, for the failure messages.
private func origin(of write: RecordingNetwork.Write) -> String {
    switch write.isolation {
    case nil:
        "from no actor at all: marking the methods `@concurrent` or `nonisolated` only moves the hop, and the manager's state still lives on the main actor"
    case let actor? where actor === MainActor.shared:
        "from the main actor, where it queues up behind the UI"
    case let actor?:
        "from \(type(of: actor)), another actor"
    }
}

@Test func theManagerWorksOnItsOwnActor() async throws {
    let network = RecordingNetwork()
    let manager = ConnectionManager(network: network)
    try await manager.send("hello", to: "swift.chat")
    let write = try #require(network.writes.first)
    #expect(write.isolation !== MainActor.shared, "the connection manager still works on the main actor")
    #expect(write.isolation === manager, "the connection manager should work on its own actor, but “hello” was sent \(origin(of: write))")
}

@Test func theOutboxSyncNeverQueuesBehindTheUI() async throws {
    let network = RecordingNetwork()
    let manager = ConnectionManager(network: network)
    let outbox = [
        OutgoingMessage(text: "back online", host: "swift.chat"),
        OutgoingMessage(text: "did I miss anything?", host: "swift.chat"),
        OutgoingMessage(text: "hi all", host: "ios.chat"),
    ]
    try await syncOutbox(outbox, using: manager)
    #expect(network.writes.map(\.text) == ["back online", "did I miss anything?", "hi all"])
    for write in network.writes {
        #expect(write.isolation === manager, "“\(write.text)” should be sent from the manager's actor, but was sent \(origin(of: write))")
    }
}

@Test func oneConnectionPerServer() async throws {
    let network = RecordingNetwork()
    let manager = ConnectionManager(network: network)
    try await manager.send("a", to: "swift.chat")
    try await manager.send("b", to: "ios.chat")
    try await manager.send("c", to: "swift.chat")
    #expect(
        network.writes.map(\.connection) == [
            Connection(host: "swift.chat", number: 1),
            Connection(host: "ios.chat", number: 2),
            Connection(host: "swift.chat", number: 1),
        ])
    await disconnectEverything(manager)
    try await manager.send("d", to: "ios.chat")
    #expect(network.writes.last?.connection == Connection(host: "ios.chat", number: 1))
}

@Test func theStatusLineShowsTheManagersState() async throws {
    let manager = ConnectionManager(network: RecordingNetwork())
    let status = StatusLine(manager: manager)
    #expect(await text(of: status) == "0 servers · 0 sent")
    try await syncOutbox(
        [
            OutgoingMessage(text: "one", host: "swift.chat"),
            OutgoingMessage(text: "two", host: "ios.chat"),
            OutgoingMessage(text: "three", host: "swift.chat"),
        ], using: manager)
    #expect(await text(of: status) == "2 servers · 3 sent")
}

@Test func aMessageThatFailedToSendIsNotCounted() async throws {
    let manager = ConnectionManager(network: RecordingNetwork(unreachable: ["ios.chat"]))
    let status = StatusLine(manager: manager)
    await #expect(throws: RecordingNetwork.Unreachable.self, "the server could not be reached, yet the message was reported as sent") {
        try await manager.send("hello", to: "ios.chat")
    }
    #expect(await text(of: status) == "1 servers · 0 sent", "a message that failed to send was counted as sent")
}

@Test func anOutboxSyncThatCannotSendAMessageThrows() async {
    let manager = ConnectionManager(network: RecordingNetwork(unreachable: ["ios.chat"]))
    let outbox = [
        OutgoingMessage(text: "back online", host: "swift.chat"),
        OutgoingMessage(text: "hi all", host: "ios.chat"),
    ]
    await #expect(
        throws: RecordingNetwork.Unreachable.self,
        "“hi all” could not be sent to ios.chat, and syncOutbox returned as if the outbox were synced: the app then empties its outbox and the message is lost. Let the error reach the caller"
    ) {
        try await syncOutbox(outbox, using: manager)
    }
}

/// A network whose writes wait until the test lets them all through.
nonisolated final class HeldNetwork: Network {
    private let held = Mutex<[CheckedContinuation<Void, Never>]>([])

    var waitingCount: Int { held.withLock { $0.count } }

    func write(_ text: String, on connection: Connection) async throws {
        await withCheckedContinuation { continuation in
            held.withLock { $0.append(continuation) }
        }
    }

    func letAllThrough() {
        let waiting = held.withLock { held in
            defer { held.removeAll() }
            return held
        }
        waiting.forEach { $0.resume() }
    }
}

@Test func twoMessagesSentAtOnceAreBothCounted() async throws {
    let network = HeldNetwork()
    let manager = ConnectionManager(network: network)
    let status = StatusLine(manager: manager)
    let first = Task { try await manager.send("one", to: "swift.chat") }
    let second = Task { try await manager.send("two", to: "ios.chat") }
    // Both messages wait for the network, so the manager's actor is free meanwhile.
    var turns = 0
    while network.waitingCount < 2 && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
    try #require(network.waitingCount == 2, "the second message did not reach the network while the first was on its way")
    network.letAllThrough()
    try await first.value
    try await second.value
    #expect(
        await text(of: status) == "2 servers · 2 sent",
        "two messages went out, yet the count says otherwise: a count read before the `await` is stale after it")
}

/// Calls `operation`: a way to await a method whether it is async or not.
private func perform<T>(_ operation: () async -> T) async -> T {
    await operation()
}

@Test func theStatusLineReadsBothNumbersInOneVisit() async throws {
    let manager = ConnectionManager(network: RecordingNetwork())
    let status = StatusLine(manager: manager)
    try await manager.send("one", to: "swift.chat")
    // Two jobs for the main actor, which runs them in order: the status line starts reading,
    // then a message to a new server goes out. The status line's own next step on the main
    // actor comes only after both, so a second visit to the manager sees the message sent.
    let reading = Task { await perform(status.text) }
    let sending = Task { try await manager.send("two", to: "ios.chat") }
    let text = await reading.value
    try await sending.value
    #expect(
        ["1 servers · 1 sent", "2 servers · 2 sent"].contains(text),
        "the status line showed “\(text)”, numbers the manager never had at the same time: it read them in two visits, and a message went out in between; ask the actor for both in one call"
    )
}

/// A network that takes a while over each write (other tasks may reach the manager meanwhile),
/// notes each step in the trace a failing schedule shows, and records the connection each write
/// used and how many writes are done.
nonisolated final class SlowNetwork: Network {
    private struct Log {
        var connections: [Connection] = []
        var written = 0
    }

    private let log = Mutex(Log())

    /// The connection of every write, in the order they started.
    var connections: [Connection] { log.withLock { $0.connections } }
    /// How many writes have finished.
    var written: Int { log.withLock { $0.written } }

    func write(_ text: String, on connection: Connection) async throws {
        log.withLock { $0.connections.append(connection) }
        Interleavings.note("the network starts writing “\(text)” to \(connection.host) on connection \(connection.number)")
        await Interleavings.pause()
        log.withLock { $0.written += 1 }
        Interleavings.note("“\(text)” is written")
    }
}

// The manager and the status line are made on the main actor, whichever actor the manager has:
// the explored tasks below run on none.
private func makeManager(_ network: any Network) -> ConnectionManager {
    ConnectionManager(network: network)
}

private func makeStatusLine(_ manager: ConnectionManager) -> StatusLine {
    StatusLine(manager: manager)
}

/// A message sent as a task of the exploration.
nonisolated private func sending(_ text: String, to host: String, with manager: ConnectionManager) -> (String, @Sendable () async throws -> Void) {
    ("send “\(text)”", { try await manager.send(text, to: host) })
}

/// What the status line showed, line after line.
nonisolated final class Shown: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func add(_ line: String) {
        lines.withLock { $0.append(line) }
    }
}

/// The status line drawn twice as a task of the exploration: it notes what it shows, and checks
/// that no message is counted as sent before the network has written it.
nonisolated private func drawing(_ status: StatusLine, into shown: Shown, over network: SlowNetwork) -> (String, @Sendable () async throws -> Void) {
    (
        "status line",
        {
            for _ in 1...2 {
                let line = await text(of: status)
                let written = network.written
                Interleavings.note("shows “\(line)”")
                shown.add(line)
                let sent = line.split(separator: " ").compactMap { Int($0) }.last ?? 0
                try Interleavings.check(
                    sent <= written,
                    "the status line showed “\(line)” when the network had written \(written) of the messages: count a message as sent once its write is done, not before the `await`"
                )
            }
        }
    )
}

/// Two messages to two servers go out while the status line is drawn, in a hundred orders
/// (seeded, the same on every machine, each message waiting for the network a while). Whatever the
/// order, both are counted, none before it is written, and the status line shows numbers the
/// manager had at one moment, which only grow.
@Test func messagesAndTheStatusLineInEveryOrder() async {
    await Interleavings.explore(schedules: 100, schedulesMainActor: true) {
        let network = SlowNetwork()
        let manager = await makeManager(network)
        let status = await makeStatusLine(manager)
        let shown = Shown()
        try await Interleavings.concurrently([
            sending("one", to: "swift.chat", with: manager), sending("two", to: "ios.chat", with: manager),
            drawing(status, into: shown, over: network),
        ])
        // Each number only grows, and a server is connected before its message is counted.
        var previous = [0, 0]
        for line in shown.all {
            let numbers = line.split(separator: " ").compactMap { Int($0) }
            try Interleavings.check(
                numbers.count == 2 && numbers[1] <= numbers[0],
                "the status line showed “\(line)”, numbers the manager never had at the same time: it read them in two visits, and a message went out in between; ask the actor for both in one call"
            )
            try Interleavings.check(
                numbers[0] >= previous[0] && numbers[1] >= previous[1],
                "the status line showed “\(line)” after “\(previous[0]) servers · \(previous[1]) sent”: the numbers only grow while messages go out")
            previous = numbers
        }
        let final = await text(of: status)
        try Interleavings.check(
            final == "2 servers · 2 sent",
            "after two messages to two servers the status line shows “\(final)”: a count read before the `await` is stale after it")
    }
}

/// Three messages, two of them to one server, go out at once, in a hundred orders (each message
/// waiting for the network a while): whatever the order, each server gets one connection, its
/// number its own, and every message goes out on it.
@Test func connectionsInEveryOrder() async {
    await Interleavings.explore(schedules: 100, settlesMainActor: true) {
        let network = SlowNetwork()
        let manager = await makeManager(network)
        try await Interleavings.concurrently([
            sending("one", to: "swift.chat", with: manager), sending("two", to: "ios.chat", with: manager),
            sending("three", to: "swift.chat", with: manager),
        ])
        let numbers = Dictionary(grouping: network.connections, by: \.host).mapValues { Set($0.map(\.number)) }
        for (host, used) in numbers.sorted(by: { $0.key < $1.key }) {
            try Interleavings.check(
                used.count == 1,
                "the messages to \(host) went out on connections \(used.sorted()): a second connection was opened to a server that already had one. Choose the connection and store it in one visit to the actor, before the `await`"
            )
        }
        let all = network.connections.map(\.number)
        try Interleavings.check(
            Set(all).count == numbers.count,
            "two servers got the same connection number (\(network.connections.map { "\($0.host) #\($0.number)" })): a connection opened while another send waited was numbered before the other one was stored. Choose the connection and store it in one visit to the actor, before the `await`"
        )
    }
}
