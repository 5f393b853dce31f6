import Synchronization
import Testing
@testable import InheritIsolation

/// A fake storage that records each write, and the actor it was made from: `write` belongs to
/// no actor, so it runs on its caller's, which `#isolation` names.
final class RecordingStorage: DraftStorage {
    struct Write: Sendable {
        let text: String
        let name: String
        let isolation: (any Actor)?
    }

    private struct State {
        var writes: [Write] = []
        var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    }

    private let state = Mutex(State())

    var writes: [Write] { state.withLock { $0.writes } }

    func write(_ text: String, as name: String) async {
        let write = Write(text: text, name: name, isolation: #isolation)
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.writes.append(write)
            guard let waiter = state.waiter, waiter.count <= state.writes.count else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Returns once `count` drafts were written in all.
    func waitForWrites(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.writes.count >= count { return true }
                state.waiter = (count, continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// A pause that ends when the test opens it, or with `CancellationError` when its task is
/// cancelled, which it remembers.
final class Gate: Pause {
    private struct State {
        var isOpen = false
        var wasCancelled = false
        var waiter: CheckedContinuation<Void, any Error>?
    }

    private let state = Mutex(State())

    init(open: Bool = false) {
        state.withLock { $0.isOpen = open }
    }

    var wasCancelled: Bool { state.withLock { $0.wasCancelled } }

    func wait() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let result = state.withLock { state -> Result<Void, any Error>? in
                    if state.isOpen { return .success(()) }
                    if state.wasCancelled { return .failure(CancellationError()) }
                    state.waiter = waiter
                    return nil
                }
                if let result { waiter.resume(with: result) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.wasCancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    func open() {
        let waiter = state.withLock { state in
            state.isOpen = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

@Test @MainActor func theEditorAutosavesOnTheMainActor() async {
    let storage = RecordingStorage()
    let screen = EditorScreen(draft: Draft(name: "diary.txt", storage: storage))
    let firstPause = Gate()
    let secondPause = Gate()
    screen.textChanged(to: "Dear", pause: firstPause)
    screen.textChanged(to: "Dear diary", pause: secondPause)  // typing again cancels the first autosave
    secondPause.open()
    await storage.waitForWrites(1)
    let write = storage.writes[0]
    #expect((write.name, write.text) == ("diary.txt", "Dear diary"))
    #expect(write.isolation === MainActor.shared, "the editor's draft was saved off the main actor")
    #expect(firstPause.wasCancelled)
    #expect(storage.writes.count == 1)
}

@Test func theImporterAutosavesOnItsOwnActor() async {
    let storage = RecordingStorage()
    let importer = NoteImporter(storage: storage)
    let autosave = await importer.importNote(named: "recipes.txt", text: "Soup: water, stones", pause: Gate(open: true))
    await autosave.value
    #expect(storage.writes.map(\.text) == ["Soup: water, stones"])
    #expect(storage.writes.first?.isolation === importer, "the importer's draft was saved off the importer's actor")
}

/// An isolation domain of the test's own, to check that the helper works from any actor.
actor Journal {
    let draft: Draft

    init(storage: any DraftStorage) {
        draft = Draft(name: "journal.txt", storage: storage)
    }

    func write(_ text: String, pause: any Pause) async {
        draft.text = text
        await scheduleAutosave(of: draft, after: pause).value
    }
}

@Test func theHelperWorksFromAnyActor() async {
    let storage = RecordingStorage()
    let journal = Journal(storage: storage)
    await journal.write("Day 1", pause: Gate(open: true))
    #expect(storage.writes.map(\.text) == ["Day 1"])
    #expect(storage.writes.first?.isolation === journal, "the journal's draft was saved off the journal's actor: the autosave task should run on its caller's actor")
}
