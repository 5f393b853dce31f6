import Testing
@testable import SendingAndRegions

@Test func sendHandsTheDraftToTheOutbox() async {
    let outbox = Outbox()
    let draft = Draft(room: "general", text: "hello")
    draft.attachments.append("cat.png")
    await send(draft, to: outbox)
    #expect(await outbox.summary() == ["general: hello (1 attachments)"])
}

@Test func aQuickReplyShowsWhatWasSent() async {
    let outbox = Outbox()
    let banner = await quickReply("ship it", in: "ios", via: outbox)
    #expect(banner == "Sent: ship it")
    #expect(await outbox.summary() == ["ios: ship it (0 attachments)"])
}

@Test func forwardingQueuesACopyAndKeepsTheOriginal() async {
    let outbox = Outbox()
    let original = Draft(room: "general", text: "look at this")
    original.attachments = ["chart.png", "notes.pdf"]
    let attachmentCount = await forward(original, to: "random", via: outbox)
    #expect(attachmentCount == 2)
    // The user goes on working with the original; the queued copy must not change with it.
    original.text = "edited"
    original.attachments.removeAll()
    #expect(original.room == "general")
    #expect(await outbox.summary() == ["random: look at this (2 attachments)"])
}

@Test func aForwardedDraftIsANewObject() {
    let original = Draft(room: "general", text: "hi")
    let copy = original.forwarded(to: "random")
    #expect(copy !== original)
    #expect(copy.room == "random" && copy.text == "hi")
}

@Test func manyComposersSendAtOnce() async {
    let outbox = Outbox()
    await withTaskGroup { group in
        for number in 1...10 {
            // Each task creates its own draft: nobody else can reach it, so it can be sent.
            group.addTask { await send(Draft(room: "load", text: "\(number)"), to: outbox) }
        }
    }
    #expect(await outbox.summary().count == 10)
}
