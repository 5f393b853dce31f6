// The tile cache. The offline save and the map screen both get their tiles' data here, from
// many tasks at once: it is an actor.

/// Tile data by tile, fetched on first use and kept in memory.
actor TileCache {
    /// A tile being fetched, or its data.
    private enum Entry {
        case fetching(Task<[UInt8], any Error>)
        case cached([UInt8])
    }

    private let server: any TileServer
    private let deadline: Deadline?
    private var entries: [TileID: Entry] = [:]

    init(server: any TileServer, deadline: Deadline? = .seconds(10)) {
        self.server = server
        self.deadline = deadline
    }

    /// The data of `tile`, fetched from the server unless the cache has it.
    ///
    /// The fetch belongs to the cache, not to the request that started it: every request for
    /// the tile awaits it, so one caller's cancellation does not cancel it. The deadline
    /// bounds it instead.
    func data(for tile: TileID) async throws -> [UInt8] {
        switch entries[tile] {
        case .cached(let data):
            return data
        case .fetching(let fetch):
            do {
                return try await fetch.value
            } catch {
                // Don't keep the failure: the next request fetches the tile again.
                entries[tile] = nil
                throw error
            }
        case nil:
            let fetch = Task { [server, deadline] in
                try await withDeadline(deadline, for: tile) {
                    try await server.data(for: tile)
                }
            }
            entries[tile] = .fetching(fetch)
            do {
                let data = try await fetch.value
                entries[tile] = .cached(data)
                return data
            } catch {
                entries[tile] = nil
                throw error
            }
        }
    }
}

/// Runs `operation`; if `deadline` passes first, cancels it and throws `TileError.timedOut`.
/// Without a deadline, it only runs `operation`.
nonisolated func withDeadline<Value: Sendable>(
    _ deadline: Deadline?,
    for tile: TileID,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    guard let deadline else { return try await operation() }
    return try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask {
            try await operation()
        }
        group.addTask {
            try await deadline.wait()
            throw TileError.timedOut(tile)
        }
        let first = try await group.next()
        group.cancelAll()
        guard let first else { throw TileError.timedOut(tile) }
        return first
    }
}
