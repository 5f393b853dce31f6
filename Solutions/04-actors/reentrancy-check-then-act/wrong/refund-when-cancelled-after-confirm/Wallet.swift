// A pocket-money app, built in main actor mode. The wallet is an actor: the app's screens
// and its scheduled payments (a weekly comic, a music subscription) all use it.

/// Why a payment did not go through.
nonisolated enum PaymentError: Error, Equatable {
    case insufficientFunds
    case bankUnavailable
}

/// The bank. The app calls the bank's API; the tests use a fake.
nonisolated protocol Bank: Sendable {
    /// Sends `amount` cents to `payee`. Takes a while: it returns once the bank confirms.
    func transfer(_ amount: Int, to payee: String) async throws
}

/// A child's pocket money, in cents. It must never go below zero.
actor Wallet {
    private let bank: any Bank
    private(set) var balance: Int
    private(set) var payments: [String] = []

    init(balance: Int, bank: any Bank) {
        self.balance = balance
        self.bank = bank
    }

    /// Pays `amount` cents to `payee`, if the wallet holds that much.
    func pay(_ amount: Int, to payee: String) async throws {
        // Check and take the money in one step, with no `await` in between: while the bank
        // works, other payments see the balance without this amount.
        guard balance >= amount else {
            throw PaymentError.insufficientFunds
        }
        balance -= amount
        do {
            try await bank.transfer(amount, to: payee)
        } catch {
            // The money never left: give it back.
            balance += amount
            throw error
        }
        // The payment was cancelled while the bank worked: undo it.
        if Task.isCancelled {
            balance += amount
            throw CancellationError()
        }
        payments.append("\(payee): \(amount)")
    }
}
