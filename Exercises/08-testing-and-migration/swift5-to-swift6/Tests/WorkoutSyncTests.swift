import Testing
@testable import Swift5ToSwift6

// Built like the module: Swift 5 mode with complete checking, where a warning fails the build.

enum ServerError: Error {
    case unavailable
}

/// A fake server whose uploads of a workout fail a given number of times before they succeed.
actor FlakyServer: WorkoutServer {
    private let failures: [Int: Int]
    private(set) var attempts: [Int] = []
    private(set) var stored: [Workout] = []

    /// `failures`: for a workout's ID, how many of its uploads fail first.
    init(failures: [Int: Int] = [:]) {
        self.failures = failures
    }

    func upload(_ workout: Workout) async throws {
        attempts.append(workout.id)
        let tries = attempts.filter { $0 == workout.id }.count
        if tries <= failures[workout.id, default: 0] {
            throw ServerError.unavailable
        }
        stored.append(workout)
    }
}

// The retry limit and the formatter are constants: any code may read them, from any isolation,
// synchronously. This helper compiles only if they belong to no actor (`@MainActor` would make
// the engine, and everyone else, `await` a constant).
nonisolated func syncPolicy() -> String {
    "\(maxAttempts) attempts, distances like \(DistanceFormatter.shared.string(fromMeters: 5_230))"
}

private let morningRun = Workout(id: 1, meters: 5_230)
private let longRun = Workout(id: 2, meters: 21_097)

@Test func syncUploadsEveryWorkout() async {
    let server = FlakyServer()
    let engine = SyncEngine(server: server)
    let uploaded = await engine.sync([morningRun, longRun])
    #expect(uploaded == 2)
    #expect(await server.stored == [morningRun, longRun])
    #expect(await engine.log == ["#1: 5.2 km uploaded", "#2: 21.0 km uploaded"])
}

@Test func aFailedUploadIsTriedAgain() async {
    let server = FlakyServer(failures: [1: 2])
    let engine = SyncEngine(server: server)
    #expect(await engine.sync([morningRun]) == 1)
    #expect(await server.attempts == [1, 1, 1])
    #expect(await engine.log == ["#1: attempt 1 failed", "#1: attempt 2 failed", "#1: 5.2 km uploaded"])
}

@Test func theEngineGivesUpAfterThreeAttempts() async {
    let server = FlakyServer(failures: [1: 3])
    let engine = SyncEngine(server: server)
    #expect(await engine.sync([morningRun, longRun]) == 1)
    #expect(await server.attempts == [1, 1, 1, 2])
    #expect(await server.stored == [longRun])
}

@Test func theConstantsBelongToNoActor() {
    #expect(syncPolicy() == "3 attempts, distances like 5.2 km")
}

@Test func theWatchAppsCompletionHandlerStillWorks() async {
    let engine = SyncEngine(server: FlakyServer(failures: [2: 5]))
    let uploaded = await withCheckedContinuation { continuation in
        engine.sync([morningRun, longRun]) { count in
            continuation.resume(returning: count)
        }
    }
    #expect(uploaded == 1)
    #expect(await engine.log.last == "#2: attempt 3 failed")
}
