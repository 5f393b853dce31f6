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

    /// Runs synchronously, like every button action. The task starts at once: its body runs
    /// right here, on the main actor, until `send(_:)` first suspends — by then the outbox has
    /// the message — and the tap returns only after that.
    func sendTapped() {
        let text = draft
        draft = ""
        status = .sending
        Task.immediate {
            do {
                try await outbox.send(text)
                status = .sent
            } catch {
                draft = text
                status = .failed("Not sent. Tap Send to try again.")
            }
        }
    }
}
