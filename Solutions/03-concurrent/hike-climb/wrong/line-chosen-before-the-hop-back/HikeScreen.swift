// A hiking app, built in main actor mode. Picking a recorded hike in the list shows how many
// metres it climbs. A long hike's file holds hours of altitude samples, read chunk by chunk.

/// A recorded hike's file on the device: its altitudes in metres, in chunks.
nonisolated protocol HikeFile: Sendable {
    var name: String { get }
    var chunkCount: Int { get }
    func chunk(_ index: Int) async throws -> [Int]
}

/// Metres climbed: every rise between two samples counts, falls don't.
@concurrent func climb(of file: any HikeFile) async throws -> Int {
    var metres = 0
    var previous: Int?
    for index in 0..<file.chunkCount {
        // Another pick cancels this one: stop reading.
        try Task.checkCancellation()
        for altitude in try await file.chunk(index) {
            if let previous, altitude > previous { metres += altitude - previous }
            previous = altitude
        }
    }
    return metres
}

/// The hike's detail line, worked out off the main actor with the climb; nil when a newer pick
/// cancelled this one.
@concurrent func detailLine(for file: any HikeFile) async -> String? {
    do {
        let metres = try await climb(of: file)
        return Task.isCancelled ? nil : "\(file.name): \(metres) m up"
    } catch {
        return Task.isCancelled ? nil : "Couldn't read \(file.name)"
    }
}

/// The state behind the hike list and its detail line.
final class HikeScreen {
    private(set) var detail = "Pick a hike"
    /// The measuring of the hike picked last; the tests wait for it.
    private(set) var measuring: Task<Void, Never>?

    /// A tap on a hike in the list. Like a button's action, it is synchronous.
    func pick(_ file: any HikeFile) {
        detail = "\(file.name): measuring…"
        measuring?.cancel()
        measuring = Task {
            // A newer pick cancelled this one while it waited: then there is no line to show.
            if let line = await detailLine(for: file) { detail = line }
        }
    }
}
