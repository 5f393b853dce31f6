import Testing
@testable import GlobalState

@Test func eachRoomCountsItsOwnMessages() {
    var general = MessageEncoder(room: "general")
    var random = MessageEncoder(room: "random")
    #expect(general.encode("hello") == "chat/2 #1 general: hello")
    #expect(general.encode("anyone here?") == "chat/2 #2 general: anyone here?")
    #expect(random.encode("first!") == "chat/2 #1 random: first!")
    #expect(general.encode("bye") == "chat/2 #3 general: bye")
    #expect(random.encode("second") == "chat/2 #2 random: second")
}

@Test func linesReadBackAsMessages() {
    var encoder = MessageEncoder(room: "ios-team")
    let line = encoder.encode("ship it: tomorrow")
    #expect(MessageEncoder.decode(line) == OutgoingMessage(room: "ios-team", text: "ship it: tomorrow"))
    #expect(MessageEncoder.decode("chat/1 #1 ios-team: old client") == nil)
    #expect(MessageEncoder.decode("hello") == nil)
}

/// The connection, outside the main actor, encodes the messages it sends.
@concurrent private func sendFromConnection(_ texts: [String], to room: String) async -> [String] {
    #expect(#isolation == nil, "the connection runs outside the main actor")
    var encoder = MessageEncoder(room: room)
    return texts.map { encoder.encode($0) }
}

@Test func theConnectionEncodesOffTheMainActor() async {
    async let a = sendFromConnection(["hi", "there"], to: "a")
    async let b = sendFromConnection(["yo"], to: "b")
    #expect(await a == ["chat/2 #1 a: hi", "chat/2 #2 a: there"])
    #expect(await b == ["chat/2 #1 b: yo"])
}
