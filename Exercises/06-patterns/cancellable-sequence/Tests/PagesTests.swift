import InterleavingHarness
import Synchronization
import Testing
@testable import CancellableSequence

/// An archive whose downloads take a while: each is a point where other tasks may run first. It
/// notes each download in the trace, and records the ones asked for by a reader that had left.
nonisolated final class PacedArchive: ArchiveClient {
    private let forNobody = Mutex<[Int]>([])

    /// The pages asked for after the reading task was cancelled.
    var pagesAskedForAfterLeaving: [Int] { forNobody.withLock { $0 } }

    func page(_ number: Int) async throws -> [String] {
        if Task.isCancelled { forNobody.withLock { $0.append(number) } }
        Interleavings.note("downloads page \(number)", by: "archive")
        await Interleavings.pause()
        return ["headline \(number)"]
    }
}

/// The reader leaves the screen at every moment of the reading, in a hundred orders (seeded, the
/// same on every machine): before the first page, during a download, while looking at a page,
/// after the last one. No page may be downloaded once the reader has left, and the pages read
/// are the archive's, in order.
@Test func leavingTheScreenAtAnyMomentStopsTheDownloads() async {
    await Interleavings.explore(schedules: 100) {
        let archive = PacedArchive()
        /// The reader's loop; returns the headlines it read.
        @Sendable func reading() async -> [String] {
            var headlines: [String] = []
            Interleavings.note("opens the archive", by: "reader")
            do {
                for try await page in ArchivePages(client: archive, count: 3) {
                    Interleavings.note("reads \(page.joined())", by: "reader")
                    headlines += page
                    await Interleavings.pause()  // the reader looks at the page
                }
                Interleavings.note("stops reading", by: "reader")
            } catch {
                Interleavings.note("stops reading with \(error)", by: "reader")
            }
            return headlines
        }
        let headlines = await withTaskGroup(of: [String].self) { group in
            group.addTask { await reading() }
            await Interleavings.pause()
            Interleavings.note("leaves: the reader's task is cancelled", by: "screen")
            group.cancelAll()
            return await group.next() ?? []
        }
        let late = archive.pagesAskedForAfterLeaving.sorted()
        try Interleavings.check(
            late.isEmpty,
            "\(late.count == 1 ? "page" : "pages") \(late.map(String.init).joined(separator: ", ")) "
                + "\(late.count == 1 ? "was" : "were") downloaded after the reader left the screen: the sequence must look at "
                + "its task's cancellation before each download, at the top of `next()`")
        try Interleavings.check(
            headlines == (0..<headlines.count).map { "headline \($0)" },
            "the reader got \(headlines), not the archive's first pages in order")
    }
}

/// The error of an archive page that could not be downloaded.
nonisolated struct ArchiveDown: Error {}

/// A fake archive: every page has one headline, but `failingPage` fails with `ArchiveDown`; it
/// records which pages were asked for.
nonisolated final class FakeArchive: ArchiveClient {
    private let requested = Mutex<[Int]>([])
    private let failingPage: Int?

    init(failingPage: Int? = nil) {
        self.failingPage = failingPage
    }

    var pagesRequested: [Int] { requested.withLock { $0 } }

    func page(_ number: Int) async throws -> [String] {
        requested.withLock { $0.append(number) }
        if number == failingPage { throw ArchiveDown() }
        return ["headline \(number)"]
    }
}

/// Holds the reading loop after a page, until the test opens it.
actor Gate {
    private var waiting: CheckedContinuation<Void, Never>?
    private var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting = $0 }
    }

    func open() {
        isOpen = true
        waiting?.resume()
        waiting = nil
    }
}

@Test func readsEveryPageWhenNobodyLeaves() async throws {
    let archive = FakeArchive()
    var headlines: [String] = []
    for try await page in ArchivePages(client: archive, count: 3) {
        headlines += page
    }
    #expect(headlines == ["headline 0", "headline 1", "headline 2"])
}

@Test func leavingTheScreenStopsTheDownloads() async throws {
    let archive = FakeArchive()
    let gate = Gate()
    let (firstPage, arrived) = AsyncStream.makeStream(of: Void.self)
    let reader = Task {
        var read = 0
        for try await _ in ArchivePages(client: archive, count: 100) {
            read += 1
            arrived.yield()
            await gate.wait()  // the reader looks at the page while the test leaves the screen
        }
        return read
    }
    for await _ in firstPage { break }
    reader.cancel()  // the reader leaves the screen
    await gate.open()
    _ = await reader.result
    #expect(archive.pagesRequested == [0], "pages were downloaded after the reader left the screen")
}

@Test func aPageThatFailsEndsTheReadingWithItsError() async {
    let archive = FakeArchive(failingPage: 1)
    var headlines: [String] = []
    var failure: (any Error)?
    do {
        for try await page in ArchivePages(client: archive, count: 3) {
            headlines += page
        }
    } catch {
        failure = error
    }
    #expect(failure is ArchiveDown, "the reading ended without the error of the page that failed")
    #expect(headlines == ["headline 0"])
    #expect(archive.pagesRequested == [0, 1], "pages were downloaded after one had failed")
}
