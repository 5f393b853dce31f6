// A pocket-money app, built in main actor mode. The wallet is an actor: the app's screens
// and its scheduled payments (a weekly comic, a music subscription) all use it.

import Synchronization

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
    private struct Books {
        var balance: Int
        var payments: [String] = []
    }

    private let bank: any Bank
    // The books behind a lock, so that a payment needs no turn on the actor.
    private let books: Mutex<Books>

    var balance: Int { books.withLock { $0.balance } }
    var payments: [String] { books.withLock { $0.payments } }

    init(balance: Int, bank: any Bank) {
        self.books = Mutex(Books(balance: balance))
        self.bank = bank
    }

    /// Pays `amount` cents to `payee`, if the wallet holds that much.
    nonisolated func pay(_ amount: Int, to payee: String) async throws {
        guard books.withLock({ $0.balance }) >= amount else {
            throw PaymentError.insufficientFunds
        }
        books.withLock { $0.balance -= amount }
        do {
            try await bank.transfer(amount, to: payee)
        } catch {
            books.withLock { $0.balance += amount }
            throw error
        }
        books.withLock { $0.payments.append("\(payee): \(amount)") }
    }
}
