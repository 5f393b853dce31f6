// The chat app's world, which this exercise doesn't change. Built in main actor mode.

/// A button on screen. Like a UIKit or SwiftUI button, it calls its action synchronously.
struct Button {
    let title: String
    let action: () -> Void

    func tap() {
        action()
    }
}

/// Sends chat messages. `send(_:)` puts the message in the outbox the moment it is called —
/// from there the system delivers it even if the app is suspended — and then waits until the
/// server has it.
protocol Outbox {
    func send(_ text: String) async throws
}

/// Why a message was not sent.
enum SendError: Error {
    case offline
}
