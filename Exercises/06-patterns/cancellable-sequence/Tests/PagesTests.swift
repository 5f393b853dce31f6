import Synchronization
import Testing
@testable import CancellableSequence

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
