// A running app's sync module, written in the Swift 5 days. It now builds in Swift 5 mode with
// complete concurrency checking, and actorlings also checks it in Swift 6 mode.

/// One recorded run. The phone app and the watch app both sync workouts.
public struct Workout: Equatable, Sendable {
    public let id: Int
    public let meters: Int

    public init(id: Int, meters: Int) {
        self.id = id
        self.meters = meters
    }
}

/// The server. The app talks to it over HTTP; the tests use a fake.
public protocol WorkoutServer: Sendable {
    func upload(_ workout: Workout) async throws
}

/// How many times the engine tries to upload a workout before it gives up. Nothing changes
/// it, so it is a constant: safe to read from any isolation domain.
let maxAttempts = 3

/// Writes distances the way the sync log shows them, such as "5.2 km". A final class whose
/// state is a constant: `Sendable`, so one shared instance is safe.
final class DistanceFormatter: Sendable {
    static let shared = DistanceFormatter()

    let unit = "km"

    func string(fromMeters meters: Int) -> String {
        "\(meters / 1000).\(meters % 1000 / 100) \(unit)"
    }
}

/// Uploads finished workouts, one at a time, and logs what happened.
public actor SyncEngine {
    private let server: any WorkoutServer
    public private(set) var log: [String] = []

    public init(server: any WorkoutServer) {
        self.server = server
    }

    /// Uploads the workouts and returns how many made it.
    public func sync(_ workouts: [Workout]) async -> Int {
        var uploaded = 0
        for workout in workouts {
            for attempt in 1...maxAttempts {
                do {
                    try await server.upload(workout)
                    let distance = DistanceFormatter.shared.string(fromMeters: workout.meters)
                    log.append("#\(workout.id): \(distance) uploaded")
                    uploaded += 1
                    break
                } catch {
                    log.append("#\(workout.id): attempt \(attempt) failed")
                }
            }
        }
        return uploaded
    }

    /// The completion-handler version, which the watch app still calls.
    public nonisolated func sync(_ workouts: [Workout], completion: @escaping @Sendable (Int) -> Void) {
        Task {
            completion(await sync(workouts))
        }
    }
}
