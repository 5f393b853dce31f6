// A chat client, built in main actor mode. The wire protocol is pure data, so its types
// are `nonisolated`: the connection, which runs outside the main actor, uses them too.

/// A chat message on its way to the server.
nonisolated struct OutgoingMessage: Equatable {
    let room: String
    let text: String
}

/// Turns the messages of one room into lines of the wire protocol:
/// "chat/2 #<sequence number> <room>: <text>".
/// The server expects the sequence numbers of each room to start at 1 and to have no gaps.
nonisolated struct MessageEncoder {
    // TODO: the encoder doesn't build: the compiler rejects both static properties. The server's
    // log from the old build shows more: the first message of the second room a user opened was
    // not numbered 1, and was rejected. The protocol version is the server's, and never changes.
    static let protocolVersion = "chat/2"

    let room: String
    private var sent = 0

    init(room: String) {
        self.room = room
    }

    mutating func encode(_ text: String) -> String {
        sent += 1
        return Self.protocolVersion + " #" + String(sent) + " " + room + ": " + text
    }

    /// Reads a line back, or returns `nil` if it is not a line of this protocol version.
    static func decode(_ line: String) -> OutgoingMessage? {
        let parts = line.split(separator: " ", maxSplits: 3)
        guard parts.count == 4, parts[0] == protocolVersion, parts[2].hasSuffix(":") else { return nil }
        return OutgoingMessage(room: String(parts[2].dropLast()), text: String(parts[3]))
    }
}
