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
        // The send first, so that it reaches the outbox before anything else; then the screen.
        Task.immediate {
            do {
                try await outbox.send(text)
                status = .sent
            } catch {
                draft = text
                status = .failed("Not sent. Tap Send to try again.")
            }
        }
        draft = ""
        status = .sending
    }
}
