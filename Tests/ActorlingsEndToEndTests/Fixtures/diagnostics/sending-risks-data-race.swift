// swiftc-flags:
/// An email being written: a class with mutable state, not Sendable.
final class Draft {
    var body = ""
}

/// Sends queued emails; the actor owns its queue.
actor Outbox {
    private var queue: [Draft] = []

    func enqueue(_ draft: Draft) {
        queue.append(draft)
    }
}

func send(outbox: Outbox) async {
    let draft = Draft()
    draft.body = "See you at noon."
    await outbox.enqueue(draft)
    draft.body += "\nSent from my phone"
}
