import InterleavingHarness
import Synchronization
import Testing

@testable import BatchImportProgress

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A photo database whose saves take a while, finishing in the schedule's order, for the exploring
/// test. It notes each step in the trace a failing schedule shows, and remembers which saves
/// started and which finished, and which imports were stopped when a save started.
nonisolated final class SlowDatabase: PhotoDatabase {
    private struct State {
        var started: [[String]] = []
        var finished: [[String]] = []
        var stopped: Set<String> = []
        var startedAfterStop: [[String]] = []
    }

    private let state = Mutex(State())

    func save(_ fileNames: [String]) async throws {
        state.withLock { state in
            state.started.append(fileNames)
            if fileNames.contains(where: { state.stopped.contains(importName(of: $0)) }) { state.startedAfterStop.append(fileNames) }
        }
        Interleavings.note("saves \(fileNames.joined(separator: ", "))", by: "database")
        await Interleavings.pause()
        state.withLock { $0.finished.append(fileNames) }
        Interleavings.note("has saved \(fileNames.joined(separator: ", "))", by: "database")
    }

    /// The user taps Stop on import `name`: a save of its photos that starts from now on is late.
    func stopTapped(on name: String) {
        _ = state.withLock { $0.stopped.insert(name) }
    }

    /// The batches whose save started, in order.
    var started: [[String]] { state.withLock { $0.started } }
    /// The batches that started saving after Stop was tapped on an import they hold photos of.
    var startedAfterStop: [[String]] { state.withLock { $0.startedAfterStop } }

    /// How many photos of import `name` are saved, or being saved.
    func photos(of name: String, finishedOnly: Bool) -> Int {
        state.withLock { state in
            (finishedOnly ? state.finished : state.started).joined().filter { importName(of: $0) == name }.count
        }
    }
}

/// The import a photo belongs to: "A" for "A2.jpg".
nonisolated private func importName(of fileName: String) -> String { String(fileName.prefix(1)) }

/// One import's screen in the exploring test: each progress report it was shown, with how many of
/// that import's photos the database had saved, and had started saving, at that moment.
nonisolated final class ImportScreen: Sendable {
    struct Report {
        let progress: ImportProgress
        let saved: Int
        let started: Int
    }

    let name: String
    private let database: SlowDatabase
    private let shown = Mutex<[Report]>([])

    init(_ name: String, database: SlowDatabase) {
        self.name = name
        self.database = database
    }

    var reports: [Report] { shown.withLock { $0 } }

    func show(_ progress: ImportProgress) {
        let report = Report(
            progress: progress, saved: database.photos(of: name, finishedOnly: true), started: database.photos(of: name, finishedOnly: false))
        shown.withLock { $0.append(report) }
        Interleavings.note("shows \(progress.imported) of \(progress.total)", by: "screen \(name)")
    }

    /// What was wrong with the reports of an import of `total` photos in chunks of `chunkSize`,
    /// or nil; `stopped` when it was stopped, so that it may end early.
    func problem(total: Int, chunkSize: Int, stopped: Bool) -> String? {
        let reports = reports
        let counts = reports.map(\.progress.imported)
        let shownText = reports.map { "\($0.progress.imported) of \($0.progress.total)" }.joined(separator: ", then ")
        let expected = Array(stride(from: chunkSize, to: total, by: chunkSize)) + [total]
        if let late = reports.first(where: { $0.started > $0.progress.imported }) {
            return
                "screen \(name) was shown \(late.progress.imported) of \(late.progress.total) when the import had already started saving \(late.started) photos: the import went on without waiting for the report. Reports that run beside the import (in tasks of their own, or children of a group) reach the screen late and in any order: `await` each report in the loop"
        }
        if counts != counts.sorted() {
            return
                "screen \(name) was shown \(shownText): the progress went backwards. Reports that run beside the import (in tasks of their own, or children of a group) reach the screen in any order: `await` each report in the loop"
        }
        if Set(counts).count != counts.count || !Set(counts).isSubset(of: expected) || reports.contains(where: { $0.progress.total != total }) {
            return
                "screen \(name) was shown \(shownText), for an import of \(total) photos in chunks of \(chunkSize): it counted photos of another import. Both imports run on the one importer, and what they keep on it changes across each `await`: a count kept on the importer belongs to every import at once. Count in a local variable of `importPhotos`"
        }
        if counts != Array(expected.prefix(counts.count)) {
            return
                "screen \(name) was shown \(shownText), for an import of \(total) photos in chunks of \(chunkSize): the screen should show the progress of each chunk once it is saved"
        }
        if let early = reports.first(where: { $0.saved < $0.progress.imported }) {
            return
                "screen \(name) was shown \(early.progress.imported) photos when \(early.saved) were saved: progress was reported before its chunk was saved"
        }
        if !stopped && counts.last != total {
            return "screen \(name) was shown \(shownText.isEmpty ? "nothing" : shownText) for an import of \(total) photos that nobody stopped"
        }
        return nil
    }
}

/// Import A (three photos) and import B (three photos) run at once on one importer, in chunks of
/// two, while the user taps Stop on import A at some moment; then import C (one photo) runs alone.
/// A hundred orders of their steps (seeded, the same on every machine), the main actor
/// taking its turns among them as if busy drawing. Whatever the order, every photo is saved once,
/// in a save of its own import; import A starts no chunk after Stop; and each screen is shown its
/// own import's progress, in order, each report once its chunk is saved and before the next one starts.
@Test func twoImportsAtOnceAndAStopInAnyOrder() async {
    await Interleavings.explore(schedules: 100, expectedSteps: 50, schedulesMainActor: true) {
        let database = SlowDatabase()
        let importer = PhotoImporter(database: database, chunkSize: 2)
        let (screenA, screenB, screenC) = (ImportScreen("A", database: database), ImportScreen("B", database: database), ImportScreen("C", database: database))
        Interleavings.note("taps Import on A", by: "user")
        let importA = Task { try await importer.importPhotos(["A1.jpg", "A2.jpg", "A3.jpg"]) { screenA.show($0) } }
        try await Interleavings.concurrently([
            ("import B", { try await importer.importPhotos(["B1.jpg", "B2.jpg", "B3.jpg"]) { screenB.show($0) } }),
            (
                "user",
                {
                    await Interleavings.pause()
                    Interleavings.note("taps Stop on A")
                    database.stopTapped(on: "A")
                    importA.cancel()
                }
            ),
        ])
        let endOfA = await importA.result
        Interleavings.note((try? endOfA.get()) == nil ? "ends stopped" : "ends", by: "import A")
        Interleavings.note("taps Import on C", by: "user")
        try await importer.importPhotos(["C1.jpg"]) { screenC.show($0) }
        let batches = database.started
        let photos = batches.flatMap { $0 }
        let list = batches.map { "[\($0.joined(separator: ", "))]" }.joined(separator: ", ")
        try Interleavings.check(
            Set(photos).count == photos.count,
            "the database saved \(list): a photo was saved twice. A chunk still waiting for the database was saved again by the other import, which found it among the library's unsaved changes"
        )
        try Interleavings.check(
            batches.allSatisfy { Set($0.map(importName(of:))).count == 1 },
            "the database saved \(list): a save held photos of two imports. A stopped import left its chunk among the library's unsaved changes, and the next save took those photos the user had stopped: check for cancellation before each chunk, before anything is inserted"
        )
        try Interleavings.check(
            database.startedAfterStop.isEmpty,
            "import A started saving \(database.startedAfterStop.map { $0.joined(separator: ", ") }.joined(separator: "; ")) after Stop was tapped: no chunk should start once the import is cancelled"
        )
        for (screen, stopped) in [(screenA, true), (screenB, false), (screenC, false)] {
            let total = screen.name == "C" ? 1 : 3
            if let problem = screen.problem(total: total, chunkSize: 2, stopped: stopped) { throw Interleavings.Violation(problem) }
        }
        let savedOfA = database.photos(of: "A", finishedOnly: true)
        let shownOfA = screenA.reports.last?.progress.imported ?? 0
        try Interleavings.check(
            shownOfA == savedOfA,
            "import A saved \(savedOfA) photos and its screen was shown \(shownOfA): the chunk in progress should be saved and reported before the import stops"
        )
    }
}

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
