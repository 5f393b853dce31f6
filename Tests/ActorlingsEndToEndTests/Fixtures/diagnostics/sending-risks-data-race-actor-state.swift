// swiftc-flags:
final class Draft {
    var body = ""
}

actor Outbox {
    private var queue: [Draft] = []

    func enqueue(_ draft: Draft) {
        queue.append(draft)
    }
}

/// The compose screen's model: its draft belongs to the main actor.
@MainActor final class ComposeModel {
    var draft = Draft()

    func send(outbox: Outbox) async {
        await outbox.enqueue(draft)
    }
}
