import Synchronization

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
/// Network plumbing has no business on the main actor: it has an actor of its own. The two
/// numbers the status line shows are also kept in atomics, so that the screen can read them
/// at once, without waiting for the actor.
actor ConnectionManager {
    private let network: any Network
    private var connections: [String: Connection] = [:]
    private nonisolated let servers = Atomic<Int>(0)
    private nonisolated let sent = Atomic<Int>(0)

    init(network: any Network) {
        self.network = network
    }

    nonisolated var openConnections: Int {
        servers.load(ordering: .relaxed)
    }

    nonisolated var messagesSent: Int {
        sent.load(ordering: .relaxed)
    }

    func send(_ text: String, to host: String) async throws {
        try await network.write(text, on: connection(to: host))
        sent.add(1, ordering: .relaxed)
    }

    func disconnectAll() {
        connections.removeAll()
        servers.store(0, ordering: .relaxed)
    }

    private func connection(to host: String) -> Connection {
        if let connection = connections[host] { return connection }
        let connection = Connection(host: host, number: connections.count + 1)
        connections[host] = connection
        servers.store(connections.count, ordering: .relaxed)
        return connection
    }
}

/// Sends the messages written while offline, in the background, once the network is back.
@concurrent func syncOutbox(_ outbox: [OutgoingMessage], using manager: ConnectionManager) async throws {
    for message in outbox {
        try await manager.send(message.text, to: message.host)
    }
}

/// The status line at the bottom of the chat screen, such as "2 servers · 5 sent".
final class StatusLine {
    let manager: ConnectionManager

    init(manager: ConnectionManager) {
        self.manager = manager
    }

    /// Reads the manager's numbers without waiting for its actor: the screen draws at once.
    func text() -> String {
        "\(manager.openConnections) servers · \(manager.messagesSent) sent"
    }
}
