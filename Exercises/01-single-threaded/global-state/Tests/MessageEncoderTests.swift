import Testing
@testable import GlobalState

/// Encodes the texts in order with one encoder, from any isolation domain.
nonisolated private func encode(_ texts: [String], with encoder: inout MessageEncoder) -> [String] {
    texts.map { encoder.encode($0) }
}

@Test func eachRoomCountsItsOwnMessages() {
    var general = MessageEncoder(room: "general")
    var random = MessageEncoder(room: "random")
    #expect(encode(["hello", "anyone here?"], with: &general) == ["chat/2 #1 general: hello", "chat/2 #2 general: anyone here?"])
    #expect(
        encode(["first!"], with: &random) == ["chat/2 #1 random: first!"],
        "each room counts its own messages from 1: the sequence number must belong to one encoder, not be shared by all rooms"
    )
    #expect(encode(["bye"], with: &general) == ["chat/2 #3 general: bye"], "a room's numbers have no gaps")
    #expect(encode(["second"], with: &random) == ["chat/2 #2 random: second"], "a room's numbers have no gaps")
}

@Test func linesReadBackAsMessages() {
    var encoder = MessageEncoder(room: "ios-team")
    let lines = encode(["ship it: tomorrow"], with: &encoder)
    #expect(lines.map(MessageEncoder.decode) == [OutgoingMessage(room: "ios-team", text: "ship it: tomorrow")])
    #expect(MessageEncoder.decode("chat/1 #1 ios-team: old client") == nil)
    #expect(MessageEncoder.decode("hello") == nil)
}

/// The connection, outside the main actor, encodes the messages it sends.
@concurrent private func sendFromConnection(_ texts: [String], to room: String) async -> [String] {
    #expect(#isolation == nil, "the connection runs outside the main actor")
    var encoder = MessageEncoder(room: room)
    return encode(texts, with: &encoder)
}

@Test func theConnectionEncodesOffTheMainActor() async {
    async let a = sendFromConnection(["hi", "there"], to: "a")
    async let b = sendFromConnection(["yo"], to: "b")
    #expect(await a == ["chat/2 #1 a: hi", "chat/2 #2 a: there"])
    #expect(await b == ["chat/2 #1 b: yo"])
}
