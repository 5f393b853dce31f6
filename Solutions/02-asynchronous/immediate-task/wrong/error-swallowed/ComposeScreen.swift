// A chat app's compose screen, built in main actor mode.

/// What the screen shows under the text field.
enum Status: Equatable {
    case idle
    case sending
    case sent
    case failed(String)
}

/// The state behind the compose screen.
final class ComposeScreen {
    let outbox: any Outbox
    var draft = ""
    private(set) var status = Status.idle

    init(outbox: any Outbox) {
        self.outbox = outbox
    }

    var sendButton: Button {
        Button(title: "Send", action: sendTapped)
    }

    func sendTapped() {
        let text = draft
        draft = ""
        status = .sending
        Task.immediate {
            try await outbox.send(text)
            status = .sent
        }
    }
}
