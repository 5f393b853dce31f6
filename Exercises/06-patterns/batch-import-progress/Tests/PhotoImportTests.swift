import Synchronization
import Testing

@testable import BatchImportProgress

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake photo database. Each save waits until the test finishes it, unless the database
/// lets everything through.
nonisolated final class GatedDatabase: PhotoDatabase {
    private struct State {
        var batches: [[String]] = []
        var letsEverythingThrough = false
        /// The save (counting from 1) that fails, as a full disk would make it.
        var failingSave: Int?
        /// Saves waiting to finish, oldest first (two imports can each have one).
        var saving: [CheckedContinuation<Void, Never>] = []
        var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    }

    private let state = Mutex(State())

    struct DiskFull: Error {}

    init(letsEverythingThrough: Bool = false, failingSave: Int? = nil) {
        state.withLock {
            $0.letsEverythingThrough = letsEverythingThrough
            $0.failingSave = failingSave
        }
    }

    /// The batches saved so far, or being saved, in order.
    var batches: [[String]] { state.withLock { $0.batches } }

    func save(_ fileNames: [String]) async throws {
        let fails = state.withLock { $0.failingSave == $0.batches.count + 1 }
        await withCheckedContinuation { continuation in
            let (waiter, through) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                state.batches.append(fileNames)
                if !state.letsEverythingThrough { state.saving.append(continuation) }
                guard let waiter = state.waiter, waiter.count <= state.batches.count else {
                    return (nil, state.letsEverythingThrough)
                }
                state.waiter = nil
                return (waiter.continuation, state.letsEverythingThrough)
            }
            waiter?.resume()
            if through { continuation.resume() }
        }
        if fails { throw DiskFull() }
    }

    /// Returns once `count` saves have started in all.
    func waitForSave(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.batches.count >= count { return true }
                state.waiter = (count, continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Lets every save in progress finish.
    func finishSave() {
        let saving = state.withLock { state in
            defer { state.saving = [] }
            return state.saving
        }
        saving.forEach { $0.resume() }
    }

    /// Finishes the save in progress and every later one: the clean-up after a failed test.
    func letEverythingThrough() {
        state.withLock { $0.letsEverythingThrough = true }
        finishSave()
    }
}

private let card = ["DSC1.jpg", "DSC2.jpg", "DSC3.jpg", "DSC4.jpg", "DSC5.jpg"]

/// Starts importing the card in chunks of two, and returns once the first chunk is being saved.
private func startImport(into database: GatedDatabase) async throws -> ImportModel {
    let model = ImportModel(importer: PhotoImporter(database: database, chunkSize: 2))
    model.startImport(card)
    await database.waitForSave(1)
    try #require(database.batches == [["DSC1.jpg", "DSC2.jpg"]], "the first save should hold the first chunk of two photos")
    return model
}

@Test func theScreenShowsProgressAfterEachChunk() async throws {
    let database = GatedDatabase()
    defer { database.letEverythingThrough() }
    let model = try await startImport(into: database)
    #expect(model.progress == ImportProgress(imported: 0, total: 0), "progress was reported before its chunk was saved")
    database.finishSave()
    await database.waitForSave(2)
    #expect(model.progress == ImportProgress(imported: 2, total: 5), "the screen should show the progress of each chunk once it is saved")
    database.finishSave()
    await database.waitForSave(3)
    #expect(model.progress == ImportProgress(imported: 4, total: 5), "the screen should show the progress of each chunk once it is saved")
    database.finishSave()
    await model.importTask?.value
    #expect(model.progress == ImportProgress(imported: 5, total: 5))
    #expect(database.batches == [["DSC1.jpg", "DSC2.jpg"], ["DSC3.jpg", "DSC4.jpg"], ["DSC5.jpg"]])
    #expect(model.status == "Imported 5 photos")
}

@Test func stoppingFinishesTheChunkInProgressAndStartsNoOther() async throws {
    let database = GatedDatabase()
    defer { database.letEverythingThrough() }
    let model = try await startImport(into: database)
    database.finishSave()
    await database.waitForSave(2)
    model.importTask?.cancel()  // the user taps Stop while the second chunk is being saved
    database.letEverythingThrough()  // the second save finishes (and a third one would too)
    await model.importTask?.value
    #expect(database.batches.count == 2, "no chunk should start once the import is cancelled")
    #expect(model.progress == ImportProgress(imported: 4, total: 5), "the chunk in progress should be saved and reported before the import stops")
    #expect(model.status == "Stopped after 4 photos", "a stopped import should throw `CancellationError`, so that the screen says it stopped")
}

@Test func anImportStoppedBeforeItStartsSavesNothing() async {
    let database = GatedDatabase(letsEverythingThrough: true)
    let model = ImportModel(importer: PhotoImporter(database: database, chunkSize: 2))
    model.startImport(card)
    model.importTask?.cancel()  // the user taps Stop right away
    await model.importTask?.value
    #expect(database.batches.isEmpty, "an import stopped before it starts should save nothing: check for cancellation before each chunk")
    #expect(model.status == "Stopped after 0 photos", "a stopped import should throw `CancellationError`, so that the screen says it stopped")
}

@Test func aFailedSaveStopsTheImport() async {
    let database = GatedDatabase(letsEverythingThrough: true, failingSave: 2)
    let model = ImportModel(importer: PhotoImporter(database: database, chunkSize: 2))
    model.startImport(card)
    await model.importTask?.value
    #expect(database.batches.count == 2, "the import went on after the database failed to save a chunk")
    #expect(
        model.status == "Stopped after 2 photos",
        "photos the database failed to save were counted as imported: a failed save must stop the import with its error")
}

/// A save the database refuses ends the import with the database's own error, so that the
/// screen could tell a full disk from a tap on Stop.
@Test func aFailedSaveThrowsTheDatabasesError() async {
    let database = GatedDatabase(letsEverythingThrough: true, failingSave: 1)
    let importer = PhotoImporter(database: database, chunkSize: 2)
    var thrown: (any Error)?
    do {
        try await importer.importPhotos(["A1.jpg", "A2.jpg"]) { _ in }
    } catch {
        thrown = error
    }
    #expect(
        thrown is GatedDatabase.DiskFull,
        "the database failed to save, and the import threw \(thrown.map { "\($0)" } ?? "nothing"): it must throw the database's own error, or a full disk looks like a Stop"
    )
}

@Test func aSmallCardIsOneChunk() async {
    let database = GatedDatabase(letsEverythingThrough: true)
    let model = ImportModel(importer: PhotoImporter(database: database))
    model.startImport(card)
    await model.importTask?.value
    #expect(database.batches == [card])
    #expect(model.progress == ImportProgress(imported: 5, total: 5))
    #expect(model.status == "Imported 5 photos")
}

@Test func twoImportsAtOnceSaveEachPhotoOnce() async throws {
    let database = GatedDatabase()
    defer { database.letEverythingThrough() }
    let importer = PhotoImporter(database: database, chunkSize: 2)
    let first = Task { try await importer.importPhotos(["A1.jpg", "A2.jpg", "A3.jpg"]) { _ in } }
    await database.waitForSave(1)  // the first import's first chunk waits for the database
    let second = Task { try await importer.importPhotos(["B1.jpg", "B2.jpg"]) { _ in } }
    await database.waitForSave(2)  // the second import saves while the first one still waits
    database.letEverythingThrough()
    try await first.value
    try await second.value
    let saved = database.batches.flatMap { $0 }
    #expect(
        saved.sorted() == ["A1.jpg", "A2.jpg", "A3.jpg", "B1.jpg", "B2.jpg"],
        "two imports at once saved \(saved): a chunk still waiting for the database was saved again by the other import, which found it among the library's unsaved changes"
    )
}

/// What the import screen was told, and whether the import had been stopped when it was.
final class ProgressLog {
    private(set) var reports: [(progress: ImportProgress, importWasStopped: Bool)] = []

    func record(_ progress: ImportProgress) {
        reports.append((progress, Task.isCancelled))
    }
}

@Test func theImportWaitsForEachProgressReport() async {
    let database = GatedDatabase()
    defer { database.letEverythingThrough() }
    let importer = PhotoImporter(database: database, chunkSize: 2)
    let log = ProgressLog()
    let importing = Task {
        try await importer.importPhotos(card) { progress in
            log.record(progress)
        }
    }
    await database.waitForSave(1)
    importing.cancel()  // Stop, while the first chunk is being saved
    database.letEverythingThrough()
    _ = await importing.result
    #expect(log.reports.map(\.progress) == [ImportProgress(imported: 2, total: 5)])
    // The import's own (stopped) task reports, and waits until the screen has the progress; a
    // `Task { @MainActor in … }` would report from a task of its own, which nobody waits for.
    #expect(
        log.reports.first?.importWasStopped == true,
        "the progress was reported from a task of its own (`Task { @MainActor in … }`), which the import doesn't wait for: await the progress closure")
}
