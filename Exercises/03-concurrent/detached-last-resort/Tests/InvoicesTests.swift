import Dispatch
import Synchronization
import Testing
@testable import DetachedLastResort

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// Where synchronous code runs, for probes that `#isolation` can't help: in a synchronous
/// `nonisolated` function, `#isolation` is always `nil`. The main actor runs its jobs on the
/// main dispatch queue, which this key marks; code running anywhere else doesn't see the mark.
/// (Not `Thread.isMainThread`: main-actor code doesn't always run on the main thread.)
nonisolated let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

nonisolated func describeSynchronousCaller() -> String {
    DispatchQueue.getSpecific(key: mainQueueMark) == true ? "the main actor" : "off the main actor"
}

/// A task-local value of the tests' own, which the app's code knows nothing about: only a
/// task that inherits its caller's task-local values carries it.
nonisolated enum TestTrace {
    @TaskLocal static var id: String?
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
    private let reads = Mutex<[(page: Int, caller: String, trace: String?)]>([])
    var pagesRead: [Int] { reads.withLock { $0.map(\.page) } }
    var callers: [String] { reads.withLock { $0.map(\.caller) } }
    var traces: [String?] { reads.withLock { $0.map(\.trace) } }

    init(pauseAt: Int? = nil) {
        self.pauseAt = pauseAt
    }

    func page(_ number: Int) async -> String {
        let caller = describe(#isolation)
        let trace = TestTrace.id
        reads.withLock { $0.append((number, caller, trace)) }
        if number == pauseAt { await checkpoint.reach() }
        return ["Acme Corp", "3 × consulting", "Total: 4,500 €"][number - 1]
    }
}

/// Notes each line, and where it was logged from: the renderer logs as it renders.
nonisolated final class FakeLogger: Logger {
    private let storage = Mutex<[(line: String, caller: String)]>([])
    var lines: [String] { storage.withLock { $0.map(\.line) } }
    var callers: Set<String> { Set(storage.withLock { $0.map(\.caller) }) }

    func log(_ line: String) {
        let caller = describeSynchronousCaller()
        storage.withLock { $0.append((line, caller)) }
    }
}

@Test func theExportRendersEveryPageOffTheMainActor() async throws {
    let invoice = FakeInvoice()
    let logger = FakeLogger()
    let screen = InvoiceModel(source: invoice, logger: logger)
    let pdf = try await screen.export()
    #expect(String(decoding: pdf, as: UTF8.self).hasSuffix("3 0 obj (Total: 4,500 €) endobj\n"))
    #expect(screen.status == "Exported \(pdf.count) bytes")
    #expect(invoice.callers == ["no actor", "no actor", "no actor"],
            "where the pages were read: a `nonisolated` async function runs on its caller's actor")
    #expect(logger.callers == ["off the main actor"],
            "where the pages were rendered: the rendering itself, not only the reading of the pages, must run off the main actor")
}

@Test func theRenderingRunsInTheExportsTask() async throws {
    let invoice = FakeInvoice()
    let screen = InvoiceModel(source: invoice, logger: FakeLogger())
    _ = try await TestTrace.$id.withValue("trace-7") {
        try await screen.export()
    }
    #expect(invoice.traces == ["trace-7", "trace-7", "trace-7"],
            "the pages were rendered in a task that doesn't carry the export's task-local values: a detached task starts with none, and forwarding `ActionID` by hand misses every other one")
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
        Issue.record("the export finished although it was cancelled: the rendering ran in a new task (`Task.detached` or `Task { }`), which isn't cancelled with the export")
    } catch {
        #expect(error is CancellationError)
    }
    #expect(invoice.pagesRead == [1, 2], "no page is rendered once the export is cancelled")
    #expect(screen.status == "Exporting…")
}

@Test func theProbeRecognizesTheMainActor() async {
    MainActor.assertIsolated()
    #expect(describeSynchronousCaller() == "the main actor", "the tests' own probe must recognize the main actor")
    #expect(await offTheMainActor() == "off the main actor", "the tests' own probe must recognize code off the main actor")
}

@concurrent private func offTheMainActor() async -> String {
    describeSynchronousCaller()
}
