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

// TODO: cancelling a task only sets a flag; these functions never look at it, so a
// cancelled search or export keeps reading every note. Make them check before each note: a
// cancelled search returns the titles it has found so far, and a cancelled export stops by
// throwing `CancellationError`.

/// The titles of the notes whose text contains `query`, ignoring case.
@concurrent func search(_ query: String, in store: any NoteStore) async -> [String] {
    var titles: [String] = []
    for id in store.noteIDs {
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
        let note = await store.note(id)
        try await folder.write("\(note.title).md", contents: "# \(note.title)\n\n\(note.body)\n")
        written += 1
    }
    return written
}
