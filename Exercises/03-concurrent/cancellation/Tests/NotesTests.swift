import InterleavingHarness
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

/// The four notes of `FakeNotes`, each read taking a while: a point where other tasks run first.
/// It notes each read in the trace, and which reads began after the reading task was cancelled.
nonisolated final class PacedNotes: NoteStore {
    let notes = FakeNotes().notes
    let noteIDs = [1, 2, 3, 4]
    private struct Reads {
        var read: [Int] = []
        var readWhileCancelled: [Int] = []
    }
    private let reads = Mutex(Reads())
    var notesRead: [Int] { reads.withLock { $0.read } }
    var notesReadWhileCancelled: [Int] { reads.withLock { $0.readWhileCancelled } }

    func note(_ id: Int) async -> Note {
        // The requirement runs in the reading task, so this is whether that task was cancelled.
        let cancelled = Task.isCancelled
        reads.withLock { reads in
            reads.read.append(id)
            if cancelled { reads.readWhileCancelled.append(id) }
        }
        Interleavings.note(cancelled ? "reads note \(id), cancelled already" : "reads note \(id)")
        await Interleavings.pause()
        return notes[id] ?? Note(title: "Note \(id)", body: "")
    }
}

/// An export folder whose every write takes a while, and, like a real file write, notices a
/// cancellation in the middle of a file: the write then stops with `CancellationError`. It notes
/// each step in the trace, and remembers whether a write was cancelled.
nonisolated final class PacedFolder: ExportFolder {
    private let files = Mutex<[String]>([])
    private let cancelledWrite = Mutex(false)
    var written: [String] { files.withLock { $0 } }
    var aWriteWasCancelled: Bool { cancelledWrite.withLock { $0 } }

    func write(_ fileName: String, contents: String) async throws {
        files.withLock { $0.append(fileName) }
        Interleavings.note("writes \(fileName)")
        await Interleavings.pause()
        if Task.isCancelled {
            cancelledWrite.withLock { $0 = true }
            Interleavings.note("the write of \(fileName) stops: CancellationError")
            throw CancellationError()
        }
    }
}

nonisolated struct TypedALetter: Error {}

/// The user types another letter at every moment of a search, in two hundred orders (seeded, the
/// same on every machine): before it starts, while a note is read, between two notes, after the
/// last. Whenever it comes, no note is read after it, and the search gives back every match among
/// the notes it read.
@Test func cancellingTheSearchAtAnyMomentStopsReading() async {
    await Interleavings.explore(schedules: 200) {
        let store = PacedNotes()
        let found = Mutex<[String]?>(nil)
        @Sendable func searching() async throws {
            let titles = await search("swift", in: store)
            Interleavings.note("finds \(titles)")
            found.withLock { $0 = titles }
        }
        @Sendable func typing() async throws {
            await Interleavings.pause()
            Interleavings.note("types another letter")
            throw TypedALetter()
        }
        do {
            // The keystroke ends the group by throwing, which cancels the search's task.
            try await Interleavings.concurrentlyCancellingOnError([("search", searching), ("user", typing)])
        } catch is TypedALetter {}
        let late = store.notesReadWhileCancelled
        try Interleavings.check(
            late.isEmpty,
            "note \(late.map(String.init).joined(separator: ", ")) was read after the search was cancelled: no note is "
                + "read once the search is cancelled — check before reading each one, not after")
        let matches = store.notesRead.compactMap { id in
            store.notes[id].flatMap { $0.body.lowercased().contains("swift") ? $0.title : nil }
        }
        let titles = found.withLock { $0 } ?? []
        try Interleavings.check(
            titles == matches,
            "the search read notes \(store.notesRead) and returned \(titles), not \(matches): a cancelled search "
                + "returns what it found so far, every match among the notes it read")
    }
}

nonisolated struct TappedCancel: Error {}

/// The user taps Cancel at every moment of an export, in two hundred orders. Whenever it comes
/// before the last note is read, or in the middle of a file (the write then stops with
/// `CancellationError`), the export stops with `CancellationError`, and no note is read after it.
@Test func cancellingTheExportAtAnyMomentStopsItWithCancellationError() async {
    await Interleavings.explore(schedules: 200) {
        let store = PacedNotes()
        let folder = PacedFolder()
        let ending = Mutex<String?>(nil)
        @Sendable func exporting() async throws {
            let outcome: String
            do {
                let count = try await export(store, to: folder)
                outcome = "returns \(count)"
            } catch is CancellationError {
                outcome = "throws CancellationError"
            }
            Interleavings.note(outcome)
            ending.withLock { $0 = outcome }
        }
        @Sendable func tapping() async throws {
            await Interleavings.pause()
            Interleavings.note("taps Cancel")
            throw TappedCancel()
        }
        do {
            // The tap ends the group by throwing, which cancels the export's task.
            try await Interleavings.concurrentlyCancellingOnError([("export", exporting), ("user", tapping)])
        } catch is TappedCancel {}
        let late = store.notesReadWhileCancelled
        try Interleavings.check(
            late.isEmpty,
            "note \(late.map(String.init).joined(separator: ", ")) was read after the export was cancelled: no note is "
                + "read once the export is cancelled — check before reading each one, not after writing it")
        let outcome = ending.withLock { $0 } ?? "never ends"
        if folder.aWriteWasCancelled {
            try Interleavings.check(
                outcome == "throws CancellationError",
                "a write stopped with CancellationError after \(folder.written.count) of \(store.noteIDs.count) files, and "
                    + "the export \(outcome): a cancelled export must not look finished — let the write's "
                    + "`CancellationError` through instead of catching it")
        }
        if store.notesRead.count < store.noteIDs.count {
            try Interleavings.check(
                outcome == "throws CancellationError",
                "the export was cancelled after \(folder.written.count) of \(store.noteIDs.count) files and \(outcome): "
                    + "a cancelled export must not look finished, it stops by throwing `CancellationError`")
        }
    }
}
