// A chat app, built in main actor mode: every declaration without an isolation of its own
// is isolated to the main actor.

/// A message waiting to be sent to a chat server.
nonisolated struct OutgoingMessage: Sendable {
    let text: String
    let host: String
}

/// An open connection to one chat server. Pure data here; the real one wraps a socket.
nonisolated struct Connection: Equatable, Sendable {
    let host: String
    let number: Int
}

/// The network. The app writes to sockets; the tests use a fake.
nonisolated protocol Network: Sendable {
    func write(_ text: String, on connection: Connection) async throws
}

/// Keeps one connection per chat server, opened on first use, and sends messages on it.
/// Network plumbing has no business on the main actor: it has an actor of its own, so the
/// outbox sync never waits for the UI, and the UI never waits for the network.
actor ConnectionManager {
    private let network: any Network
    private var connections: [String: Connection] = [:]
    private(set) var messagesSent = 0

    init(network: any Network) {
        self.network = network
    }

    var openConnections: Int {
        connections.count
    }

    /// Both numbers of the status line, read in one visit to the actor so that they agree.
    var status: (servers: Int, sent: Int) {
        (connections.count, messagesSent)
    }

    func send(_ text: String, to host: String) async throws {
        try await network.write(text, on: connection(to: host))
        messagesSent += 1
    }

    func disconnectAll() {
        connections.removeAll()
    }

    private func connection(to host: String) -> Connection {
        if let connection = connections[host] { return connection }
        let connection = Connection(host: host, number: connections.count + 1)
        connections[host] = connection
        return connection
    }
}

/// Sends the messages written while offline, in the background, once the network is back.
@concurrent func syncOutbox(_ outbox: [OutgoingMessage], using manager: ConnectionManager) async throws {
    for message in outbox {
        // One unreachable server shouldn't hold up the messages to the others.
        try? await manager.send(message.text, to: message.host)
    }
}

/// The status line at the bottom of the chat screen, such as "2 servers · 5 sent".
final class StatusLine {
    let manager: ConnectionManager

    init(manager: ConnectionManager) {
        self.manager = manager
    }

    /// The manager lives on its own actor now: the screen awaits its turn to read it.
    func text() async -> String {
        let (servers, sent) = await manager.status
        return "\(servers) servers · \(sent) sent"
    }
}
