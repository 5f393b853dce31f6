// The messaging package of a chat client. A draft is a class: the composer edits it in
// place while the user types. Once the user taps Send, the draft goes to the outbox, an
// actor, and the composer must never touch it again.

/// A message being written.
final class Draft {
    var room: String
    var text: String
    var attachments: [String] = []

    init(room: String, text: String) {
        self.room = room
        self.text = text
    }

    /// A new draft with the same content, for another room.
    func forwarded(to room: String) -> Draft {
        let copy = Draft(room: room, text: text)
        copy.attachments = attachments
        return copy
    }
}

/// Messages waiting for the network. It owns every draft it is given.
actor Outbox {
    private var queue: [Draft] = []

    func enqueue(_ draft: sending Draft) {
        queue.append(draft)
    }

    /// "room: text (n attachments)" for every queued message, oldest first.
    func summary() -> [String] {
        queue.map { "\($0.room): \($0.text) (\($0.attachments.count) attachments)" }
    }
}

// TODO: three functions hand a draft to the outbox in a way that could race: the compiler
// can't prove that nobody edits a draft after the outbox took it, and says so at each one.

/// The Send button: the composer gives its draft away.
func send(_ draft: Draft, to outbox: Outbox) async {
    await outbox.enqueue(draft)
}

/// A quick reply from a notification: sends `text` and returns the banner "Sent: <text>".
func quickReply(_ text: String, in room: String, via outbox: Outbox) async -> String {
    let draft = Draft(room: room, text: text)
    await outbox.enqueue(draft)
    return "Sent: \(draft.text)"
}

/// The Forward menu item: the original stays in its room, where the user goes on reading it.
func forward(_ message: Draft, to room: String, via outbox: Outbox) async -> Int {
    let copy = message.forwarded(to: room)
    await outbox.enqueue(copy)
    return message.attachments.count
}
