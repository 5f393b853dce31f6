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
    /// The send in flight: a new tap replaces it, as a new search replaces the last one.
    private var sendTask: Task<Void, Never>?

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
        sendTask?.cancel()
        sendTask = Task.immediate {
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
