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

    /// Cents promised to transfers the bank is still working on.
    private var reserved = 0

    init(balance: Int, bank: any Bank) {
        self.balance = balance
        self.bank = bank
    }

    /// Pays `amount` cents to `payee`, if the wallet holds that much.
    func pay(_ amount: Int, to payee: String) async throws {
        // Count what is on its way to the bank with the balance, in one step.
        guard balance - reserved >= amount else {
            throw PaymentError.insufficientFunds
        }
        reserved += amount
        do {
            try await bank.transfer(amount, to: payee)
        } catch {
            // The money never left: it is no longer promised.
            reserved -= amount
            throw error
        }
        balance -= amount
        payments.append("\(payee): \(amount)")
    }
}
