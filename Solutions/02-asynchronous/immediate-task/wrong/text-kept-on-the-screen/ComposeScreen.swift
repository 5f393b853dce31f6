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
    /// The message being sent, kept to give it back if the send fails.
    private var sending = ""

    init(outbox: any Outbox) {
        self.outbox = outbox
    }

    var sendButton: Button {
        Button(title: "Send", action: sendTapped)
    }

    func sendTapped() {
        sending = draft
        draft = ""
        status = .sending
        Task.immediate {
            do {
                try await outbox.send(sending)
                status = .sent
            } catch {
                draft = sending
                status = .failed("Not sent. Tap Send to try again.")
            }
        }
    }
}
