// Don't change this file: it is the code under test. A café's till app takes card payments
// through a card terminal, which sometimes doesn't answer in time.

/// What the card terminal answers to one charge.
enum CardAnswer: Sendable, Equatable {
    case approved(receipt: String)
    case declined(reason: String)
    case timedOut
}

/// The card terminal.
nonisolated protocol CardTerminal: Sendable {
    func charge(cents: Int) async -> CardAnswer
}

/// Takes one payment. It tries the terminal again once after a time-out, and reports the
/// outcome exactly once: a receipt to print, or the reason to show the customer.
final class Checkout {
    var onReceipt: (String) -> Void = { _ in }
    var onDeclined: (String) -> Void = { _ in }
    private let terminal: any CardTerminal

    init(terminal: any CardTerminal) {
        self.terminal = terminal
    }

    /// Returns once the outcome has been reported.
    func pay(cents: Int) async {
        for _ in 1...2 {
            switch await terminal.charge(cents: cents) {
            case .approved(let receipt):
                onReceipt(receipt)
            case .declined(let reason):
                onDeclined(reason)
                return
            case .timedOut:
                continue
            }
        }
        onDeclined("The card terminal did not answer.")
    }
}
