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

    init(publisher: any Publisher) {
        self.publisher = publisher
    }

    func titles(lentTo reader: String) -> [String] {
        loans[reader, default: []]
    }

    func borrow(_ title: String, for reader: String) async throws {
        guard loans[reader, default: []].count < Self.limit else { throw LoanError.limitReached }
        // Hold the place before waiting: other taps run on the desk while the publisher answers.
        loans[reader, default: []].append(title)
        // A reader who already left needs no licence: don't bother the publisher.
        try Task.checkCancellation()
        do {
            _ = try await licence(for: title, reader: reader)
        } catch {
            // Refused: give the place back. Find it again, the list may have changed meanwhile.
            if let index = loans[reader]?.firstIndex(of: title) { loans[reader]?.remove(at: index) }
            throw error
        }
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
