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

    // TODO: users report that a message typed just before they switch apps is lost. The app
    // can be suspended right after the tap, and by then the message must be in the outbox —
    // but when `sendTapped()` returns, the outbox hasn't seen it yet. Keep the rest as it is:
    // the text field empties at once, and a failed send says so and gives the text back.
    func sendTapped() {
        let text = draft
        draft = ""
        status = .sending
        Task {
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
