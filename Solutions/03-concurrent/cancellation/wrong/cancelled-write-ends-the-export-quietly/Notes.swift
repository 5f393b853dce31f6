// A notes app, built in main actor mode. Searching and exporting go through every note, and
// some users have thousands. Both run off the main actor, in tasks that the screen cancels:
// each keystroke cancels the previous search, and the Cancel button cancels an export.

nonisolated struct Note {
    let title: String
    let body: String
}

/// Where notes are kept. Reading a note means reading a file.
nonisolated protocol NoteStore: Sendable {
    var noteIDs: [Int] { get }
    func note(_ id: Int) async -> Note
}

/// Where an export goes, one file per note.
nonisolated protocol ExportFolder: Sendable {
    func write(_ fileName: String, contents: String) async throws
}

// Cancellation is cooperative: each function checks it before reading the next note.

/// The titles of the notes whose text contains `query`, ignoring case.
@concurrent func search(_ query: String, in store: any NoteStore) async -> [String] {
    var titles: [String] = []
    for id in store.noteIDs {
        // A cancelled search is out of date: return what was found, nobody will wait for more.
        if Task.isCancelled { break }
        let note = await store.note(id)
        if note.body.lowercased().contains(query.lowercased()) {
            titles.append(note.title)
        }
    }
    return titles
}

/// Writes every note to `folder` as a Markdown file, and returns how many it wrote.
@concurrent func export(_ store: any NoteStore, to folder: any ExportFolder) async throws -> Int {
    var written = 0
    for id in store.noteIDs {
        // A cancelled export must not look finished: stop by throwing `CancellationError`.
        try Task.checkCancellation()
        let note = await store.note(id)
        do {
            try await folder.write("\(note.title).md", contents: "# \(note.title)\n\n\(note.body)\n")
        } catch is CancellationError {
            // The user tapped Cancel in the middle of this file: stop with what was written.
            break
        }
        written += 1
    }
    return written
}
