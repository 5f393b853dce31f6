// The publisher's SDK, which this exercise doesn't change. Built in main actor mode.

/// Why the publisher refused to license a book.
nonisolated enum LicenceRefused: Error {
    case titleWithdrawn
}

/// The publisher's licence server, behind an SDK written before Swift concurrency.
nonisolated protocol Publisher: Sendable {
    /// Asks for a licence to lend `title` to `reader`. Calls `completion` exactly once, later,
    /// with the licence key or the reason for the refusal.
    func requestLicence(
        for title: String, reader: String, completion: @escaping @Sendable (Result<String, LicenceRefused>) -> Void)
}
