import Synchronization
import Testing
@testable import DetachedLastResort

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// A point where a fake stops until the test lets it go on, and tells the test it got there.
actor Checkpoint {
    private var reached = false
    private var released = false
    private var test: CheckedContinuation<Void, Never>?
    private var fake: CheckedContinuation<Void, Never>?

    func reach() async {
        reached = true
        test?.resume()
        if !released {
            await withCheckedContinuation { fake = $0 }
        }
    }

    func waitUntilReached() async {
        if !reached {
            await withCheckedContinuation { test = $0 }
        }
    }

    func release() {
        released = true
        fake?.resume()
    }
}

/// A three-page invoice that notes which pages were read, and from where: `page(_:)` runs on
/// its caller's actor, and `#isolation` names it. Reading page `pauseAt` waits at `checkpoint`.
nonisolated final class FakeInvoice: PageSource {
    let pageCount = 3
    let pauseAt: Int?
    let checkpoint = Checkpoint()
    private let reads = Mutex<[(page: Int, caller: String)]>([])
    var pagesRead: [Int] { reads.withLock { $0.map(\.page) } }
    var callers: [String] { reads.withLock { $0.map(\.caller) } }

    init(pauseAt: Int? = nil) {
        self.pauseAt = pauseAt
    }

    func page(_ number: Int) async -> String {
        let caller = describe(#isolation)
        reads.withLock { $0.append((number, caller)) }
        if number == pauseAt { await checkpoint.reach() }
        return ["Acme Corp", "3 × consulting", "Total: 4,500 €"][number - 1]
    }
}

nonisolated final class FakeLogger: Logger {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }

    func log(_ line: String) {
        storage.withLock { $0.append(line) }
    }
}

@Test func theExportRendersEveryPageOffTheMainActor() async throws {
    let invoice = FakeInvoice()
    let screen = InvoiceModel(source: invoice, logger: FakeLogger())
    let pdf = try await screen.export()
    #expect(String(decoding: pdf, as: UTF8.self).hasSuffix("3 0 obj (Total: 4,500 €) endobj\n"))
    #expect(screen.status == "Exported \(pdf.count) bytes")
    #expect(invoice.callers == ["no actor", "no actor", "no actor"])
}

@Test func logLinesCarryTheActionID() async throws {
    let logger = FakeLogger()
    let screen = InvoiceModel(source: FakeInvoice(), logger: logger)
    _ = try await ActionID.$current.withValue("export-42") {
        try await screen.export()
    }
    #expect(logger.lines == [
        "[export-42] rendered page 1 of 3",
        "[export-42] rendered page 2 of 3",
        "[export-42] rendered page 3 of 3",
    ])
}

@Test func cancellingTheExportStopsTheRendering() async {
    let invoice = FakeInvoice(pauseAt: 2)
    let screen = InvoiceModel(source: invoice, logger: FakeLogger())
    let exporting = Task { try await screen.export() }
    await invoice.checkpoint.waitUntilReached()  // page 2 is being read
    exporting.cancel()                           // the user tapped Cancel
    await invoice.checkpoint.release()
    do {
        _ = try await exporting.value
        Issue.record("the export finished although it was cancelled")
    } catch {
        #expect(error is CancellationError)
    }
    #expect(invoice.pagesRead == [1, 2], "no page is rendered once the export is cancelled")
    #expect(screen.status == "Exporting…")
}
