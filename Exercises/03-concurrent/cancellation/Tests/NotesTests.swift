import Synchronization
import Testing
@testable import Cancellation

/// A point where a fake stops until the test lets it go on, and tells the test it got there.
actor Checkpoint {
    private var reached = false
    private var released = false
    private var test: CheckedContinuation<Void, Never>?
    private var fake: CheckedContinuation<Void, Never>?

    /// Called by the fake: waits until the test calls `release()`.
    func reach() async {
        reached = true
        test?.resume()
        if !released {
            await withCheckedContinuation { fake = $0 }
        }
    }

    /// Called by the test: waits until the fake called `reach()`.
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

/// A probe for the main actor that asks the runtime, not the thread: the conformance below is
/// isolated to the main actor, so a dynamic cast to it succeeds only on the main actor.
nonisolated protocol OnTheMainActor {}
nonisolated struct MainActorProbe: Sendable {}
extension MainActorProbe: @MainActor OnTheMainActor {}

nonisolated func isOnTheMainActor() -> Bool {
    let probe: any Sendable = MainActorProbe()
    return probe is any OnTheMainActor
}

/// Four notes; reading note `pauseAt` waits at `checkpoint`. It notes which notes were read,
/// and whether any was read on the main actor (its requirement runs where its caller runs).
nonisolated final class FakeNotes: NoteStore {
    let notes = [
        1: Note(title: "Swift tips", body: "In Swift, use async let for independent requests"),
        2: Note(title: "Groceries", body: "milk, eggs, bread"),
        3: Note(title: "Talk ideas", body: "Concurrency in SWIFT 6"),
        4: Note(title: "Books", body: "Swift in Depth"),
    ]
    let noteIDs = [1, 2, 3, 4]
    let pauseAt: Int?
    let checkpoint = Checkpoint()
    private let reads = Mutex<[Int]>([])
    private let readsOnTheMainActor = Mutex(0)
    var notesRead: [Int] { reads.withLock { $0 } }
    var notesReadOnTheMainActor: Int { readsOnTheMainActor.withLock { $0 } }

    init(pauseAt: Int? = nil) {
        self.pauseAt = pauseAt
    }

    func note(_ id: Int) async -> Note {
        if isOnTheMainActor() { readsOnTheMainActor.withLock { $0 += 1 } }
        reads.withLock { $0.append(id) }
        if id == pauseAt { await checkpoint.reach() }
        return notes[id]!
    }
}

/// An export folder that notes the files written; writing file number `pauseAt` (counting
/// from 1) waits at `checkpoint`, and writing file number `failAt` fails (the disk is full).
nonisolated final class FakeFolder: ExportFolder {
    let pauseAt: Int?
    let failAt: Int?
    let checkpoint = Checkpoint()
    private let files = Mutex<[String]>([])
    var written: [String] { files.withLock { $0 } }

    struct DiskFull: Error {}

    init(pauseAt: Int? = nil, failAt: Int? = nil) {
        self.pauseAt = pauseAt
        self.failAt = failAt
    }

    func write(_ fileName: String, contents: String) async throws {
        let number = files.withLock { $0.append(fileName); return $0.count }
        if number == pauseAt { await checkpoint.reach() }
        if number == failAt { throw DiskFull() }
    }
}

@Test func searchFindsEveryMatch() async {
    let store = FakeNotes()
    #expect(await search("swift", in: store) == ["Swift tips", "Talk ideas", "Books"])
    #expect(store.notesReadOnTheMainActor == 0, "the search ran on the main actor, where thousands of notes freeze the screen: it must run off it")
}

@Test func exportWritesEveryNote() async throws {
    let store = FakeNotes()
    let folder = FakeFolder()
    #expect(try await export(store, to: folder) == 4)
    #expect(folder.written == ["Swift tips.md", "Groceries.md", "Talk ideas.md", "Books.md"])
    #expect(store.notesReadOnTheMainActor == 0, "the export ran on the main actor, where thousands of notes freeze the screen: it must run off it")
}

@Test func aFailedWriteStopsTheExportWithItsError() async {
    let store = FakeNotes()
    let folder = FakeFolder(failAt: 2)
    await #expect(throws: FakeFolder.DiskFull.self, "a file that could not be written was counted as exported: the export must stop with the folder's error") {
        try await export(store, to: folder)
    }
    #expect(store.notesRead == [1, 2], "the export went on after a file could not be written")
}

@Test func aCancelledSearchStopsReading() async {
    let store = FakeNotes(pauseAt: 2)
    let searching = Task { await search("swift", in: store) }
    await store.checkpoint.waitUntilReached()  // note 2 is being read
    searching.cancel()                          // the user typed another letter
    await store.checkpoint.release()
    let titles = await searching.value
    #expect(store.notesRead == [1, 2], "no note is read once the search is cancelled")
    #expect(titles == ["Swift tips"], "a cancelled search returns what it found so far")
}

@Test func aCancelledExportStopsWithCancellationError() async {
    let store = FakeNotes()
    let folder = FakeFolder(pauseAt: 2)
    let exporting = Task { try await export(store, to: folder) }
    await folder.checkpoint.waitUntilReached()  // "Groceries.md" is being written
    exporting.cancel()                          // the user tapped Cancel
    await folder.checkpoint.release()
    await #expect(throws: CancellationError.self, "a cancelled export must not look finished: it stops by throwing `CancellationError`, not by returning what it wrote") {
        try await exporting.value
    }
    #expect(store.notesRead == [1, 2], "no note is read once the export is cancelled")
    #expect(folder.written == ["Swift tips.md", "Groceries.md"])
}
