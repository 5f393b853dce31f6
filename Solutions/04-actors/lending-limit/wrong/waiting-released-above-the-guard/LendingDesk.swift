// An e-library app, built in main actor mode. Readers borrow e-books at the lending desk, an
// actor that many readers' taps reach at once. Each loan needs a licence from the publisher.

/// Why a book could not be lent.
nonisolated enum LoanError: Error {
    case limitReached
}

/// The lending desk: at most two e-books per reader at a time.
actor LendingDesk {
    static let limit = 2
    private let publisher: any Publisher
    private var loans: [String: [String]] = [:]
    /// Books waiting for their licence, per reader: they count towards the limit.
    private var waiting: [String: Int] = [:]

    init(publisher: any Publisher) {
        self.publisher = publisher
    }

    func titles(lentTo reader: String) -> [String] {
        loans[reader, default: []]
    }

    func borrow(_ title: String, for reader: String) async throws {
        // However this tap ends, it is no longer waiting for a licence.
        defer { waiting[reader, default: 0] -= 1 }
        guard loans[reader, default: []].count + waiting[reader, default: 0] < Self.limit else {
            throw LoanError.limitReached
        }
        waiting[reader, default: 0] += 1
        _ = try await licence(for: title, reader: reader)
        loans[reader, default: []].append(title)
    }

    private func licence(for title: String, reader: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            publisher.requestLicence(for: title, reader: reader) { result in
                continuation.resume(with: result)
            }
        }
    }
}

/// The reader's shelf screen.
final class ShelfScreen {
    let desk: LendingDesk
    let reader: String
    private(set) var lines: [String] = []

    init(desk: LendingDesk, reader: String) {
        self.desk = desk
        self.reader = reader
    }

    func reload() async {
        let titles = await desk.titles(lentTo: reader)
        lines = titles.isEmpty ? ["Nothing borrowed yet"] : titles.map { "📖 \($0)" }
    }
}
