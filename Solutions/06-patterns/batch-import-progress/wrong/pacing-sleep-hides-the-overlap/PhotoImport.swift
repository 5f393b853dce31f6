// A photo app, built in main actor mode. An actor imports the thousands of photos of a memory
// card, and the import screen shows how far it has got.

/// How far an import has got: a value, sent from the importer to the main actor.
nonisolated struct ImportProgress: Equatable, Sendable {
    let imported: Int
    let total: Int
}

/// The photo library on disk. The app writes files; the tests use a fake.
nonisolated protocol PhotoDatabase: Sendable {
    func save(_ fileNames: [String]) async throws
}

/// The library's unsaved changes, like SwiftData's `ModelContext`: a class with mutable state,
/// not Sendable. The importer owns one and never lets it out of its actor.
nonisolated final class LibraryContext {
    private var unsaved: [String] = []

    func insert(_ fileName: String) {
        unsaved.append(fileName)
    }

    /// Saves the changes made so far. They are taken out before the database is awaited, so a
    /// change inserted meanwhile waits for the next save and nothing is saved twice.
    func save(to database: any PhotoDatabase) async throws {
        let changes = unsaved
        unsaved = []
        do {
            try await database.save(changes)
        } catch {
            unsaved = changes + unsaved
            throw error
        }
    }
}

actor PhotoImporter {
    private let database: any PhotoDatabase
    private let context = LibraryContext()
    private let chunkSize: Int

    init(database: any PhotoDatabase, chunkSize: Int = 500) {
        self.database = database
        self.chunkSize = chunkSize
    }

    func importPhotos(_ fileNames: [String], progress: @MainActor (ImportProgress) -> Void) async throws {
        var imported = 0
        for start in stride(from: 0, to: fileNames.count, by: chunkSize) {
            // Pace the disk: a short breather before each chunk (the sleep also throws if the user tapped Stop).
            try await Task.sleep(for: .milliseconds(100))
            let chunk = fileNames[start..<min(start + chunkSize, fileNames.count)]
            for fileName in chunk {
                context.insert(fileName)
            }
            // Before each save: a cancelled import stops here, with everything so far saved.
            try Task.checkCancellation()
            try await context.save(to: database)
            imported += chunk.count
            await progress(ImportProgress(imported: imported, total: fileNames.count))
        }
    }
}

/// The state behind the import screen.
final class ImportModel {
    let importer: PhotoImporter
    private(set) var progress = ImportProgress(imported: 0, total: 0)
    private(set) var status = "Ready"
    private(set) var importTask: Task<Void, Never>?

    init(importer: PhotoImporter) {
        self.importer = importer
    }

    /// The Import button. (The Stop button cancels `importTask`.)
    func startImport(_ fileNames: [String]) {
        status = "Importing…"
        importTask = Task {
            do {
                try await importer.importPhotos(fileNames) { progress in
                    self.progress = progress
                }
                status = "Imported \(progress.imported) photos"
            } catch {
                status = "Stopped after \(progress.imported) photos"
            }
        }
    }
}
