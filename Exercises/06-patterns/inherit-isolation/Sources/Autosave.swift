// A writing app's editing package, built without main actor mode. The editor screen is on the
// main actor, the note importer is an actor of its own, and both use the autosave helper.

/// Where drafts are written. The app writes files; the tests use a fake.
protocol DraftStorage: Sendable {
    func write(_ text: String, as name: String) async
}

/// Waits until the writer pauses (the app waits two seconds; the tests open a gate). Throws
/// `CancellationError` if the task is cancelled first.
protocol Pause: Sendable {
    func wait() async throws
}

/// A document being written: a class with mutable state, not Sendable. Each isolation domain
/// keeps its own drafts and uses them only there.
final class Draft {
    let name: String
    var text = ""
    private let storage: any DraftStorage

    init(name: String, storage: any DraftStorage) {
        self.name = name
        self.storage = storage
    }

    func save() async {
        await storage.write(text, as: name)
    }
}

// TODO: autosave doesn't build: the compiler won't let the task take the caller's draft, and
// it has a point: the task would run while the writer goes on typing into the same draft.
// Both callers, the editor screen (on the main actor) and the importer (an actor of its own),
// keep their drafts and keep writing into them.

/// Saves `draft` once the writer pauses. Typing again cancels the returned task.
func scheduleAutosave(of draft: Draft, after pause: any Pause) -> Task<Void, Never> {
    Task {
        do {
            try await pause.wait()
        } catch {
            return  // the writer typed again
        }
        await draft.save()
    }
}

/// The editor screen.
@MainActor final class EditorScreen {
    let draft: Draft
    private var autosave: Task<Void, Never>?

    init(draft: Draft) {
        self.draft = draft
    }

    func textChanged(to text: String, pause: any Pause) {
        draft.text = text
        autosave?.cancel()
        autosave = scheduleAutosave(of: draft, after: pause)
    }
}

/// Imports old notes in the background, each one as a draft.
actor NoteImporter {
    private(set) var drafts: [Draft] = []
    private let storage: any DraftStorage

    init(storage: any DraftStorage) {
        self.storage = storage
    }

    func importNote(named name: String, text: String, pause: any Pause) -> Task<Void, Never> {
        let draft = Draft(name: name, storage: storage)
        draft.text = text
        drafts.append(draft)
        return scheduleAutosave(of: draft, after: pause)
    }
}
