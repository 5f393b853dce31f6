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
    /// Books waiting for their licence: they count towards the limit.
    private var waiting = 0

    init(publisher: any Publisher) {
        self.publisher = publisher
    }

    func titles(lentTo reader: String) -> [String] {
        loans[reader, default: []]
    }

    func borrow(_ title: String, for reader: String) async throws {
        if await inheritedUrgency() == .background {
            guard loans[reader, default: []].count < Self.limit else { throw LoanError.limitReached }
            loans[reader, default: []].append(title)
            do {
                _ = try await licence(for: title, reader: reader)
            } catch {
                if let index = loans[reader]?.firstIndex(of: title) { loans[reader]?.remove(at: index) }
                throw error
            }
            return
        }
        guard loans[reader, default: []].count + waiting < Self.limit else {
            throw LoanError.limitReached
        }
        waiting += 1
        defer { waiting -= 1 }
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

/// How urgent the calling task is, learned by escalating a probe task that inherits it. The
/// probe starts immediately and its handler runs as it is escalated: nothing here suspends.
nonisolated func inheritedUrgency() async -> TaskPriority? {
    let (reports, report) = AsyncStream.makeStream(of: TaskPriority.self)
    let (escalated, escalatedGo) = AsyncStream.makeStream(of: Void.self)
    let probe = Task.immediate {
        await withTaskPriorityEscalationHandler {
            for await _ in escalated {}
        } onPriorityEscalated: { old, _ in
            report.yield(old)
        }
    }
    probe.escalatePriority(to: .high)
    report.finish()
    escalatedGo.finish()
    for await old in reports { return old }
    return nil
}
