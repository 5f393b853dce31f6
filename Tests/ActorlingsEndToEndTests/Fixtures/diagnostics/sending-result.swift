// swiftc-flags:
/// A database connection: not Sendable.
final class Connection {
    var openTransactions = 0
}

/// Owns the connection; callers run code against it.
actor Database {
    private let connection = Connection()

    func withConnection<Result>(_ body: sending (Connection) -> Result) -> sending Result {
        body(connection)
    }
}

/// A helper that claims its result can go anywhere.
func detachedCopy<Value>(of value: Value) -> sending Value {
    value
}
