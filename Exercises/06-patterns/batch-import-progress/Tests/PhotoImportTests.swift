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
        var saving: CheckedContinuation<Void, Never>?
        var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
    }

    private let state = Mutex(State())

    init(letsEverythingThrough: Bool = false) {
        state.withLock { $0.letsEverythingThrough = letsEverythingThrough }
    }

    /// The batches saved so far, or being saved, in order.
    var batches: [[String]] { state.withLock { $0.batches } }

    func save(_ fileNames: [String]) async throws {
        await withCheckedContinuation { continuation in
            let (waiter, through) = state.withLock { state -> (CheckedContinuation<Void, Never>?, Bool) in
                state.batches.append(fileNames)
                if !state.letsEverythingThrough { state.saving = continuation }
                guard let waiter = state.waiter, waiter.count <= state.batches.count else {
                    return (nil, state.letsEverythingThrough)
                }
                state.waiter = nil
                return (waiter.continuation, state.letsEverythingThrough)
            }
            waiter?.resume()
            if through { continuation.resume() }
        }
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

    /// Lets the save in progress finish.
    func finishSave() {
        let saving = state.withLock { state in
            defer { state.saving = nil }
            return state.saving
        }
        saving?.resume()
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
    #expect(model.progress == ImportProgress(imported: 0, total: 0))
    database.finishSave()
    await database.waitForSave(2)
    #expect(model.progress == ImportProgress(imported: 2, total: 5))
    database.finishSave()
    await database.waitForSave(3)
    #expect(model.progress == ImportProgress(imported: 4, total: 5))
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
    #expect(model.progress == ImportProgress(imported: 4, total: 5))
    #expect(model.status == "Stopped after 4 photos")
}

@Test func anImportStoppedBeforeItStartsSavesNothing() async {
    let database = GatedDatabase(letsEverythingThrough: true)
    let model = ImportModel(importer: PhotoImporter(database: database, chunkSize: 2))
    model.startImport(card)
    model.importTask?.cancel()  // the user taps Stop right away
    await model.importTask?.value
    #expect(database.batches.isEmpty)
    #expect(model.status == "Stopped after 0 photos")
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
