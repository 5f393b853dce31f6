// The tile cache. The offline save and the map screen both get their tiles' data here, from
// many tasks at once: it is an actor.

// TODO: (1) a request that arrives while its tile is being fetched finds the cache empty and
// fetches the tile again. Keep one fetch in flight per tile, as a task that every request for
// the tile awaits: the fetch belongs to the cache, not to the request that started it. A
// fetch that fails must not stay in the cache.
//
// TODO: (2) `withDeadline` races two unstructured tasks. When the deadline passes, the caller
// gets a cancellation error instead of `TileError.timedOut`; when the server answers in time,
// the timer goes on running. Whichever finishes first must decide, and stop the other. The
// deadline bounds the fetch itself: keep it inside the fetch that the requests share.

/// Tile data by tile, fetched on first use and kept in memory.
actor TileCache {
    private let server: any TileServer
    private let deadline: Deadline
    private var cached: [TileID: [UInt8]] = [:]

    init(server: any TileServer, deadline: Deadline = .seconds(10)) {
        self.server = server
        self.deadline = deadline
    }

    /// The data of `tile`, fetched from the server unless the cache has it.
    func data(for tile: TileID) async throws -> [UInt8] {
        if let data = cached[tile] {
            return data
        }
        let data = try await withDeadline(deadline, for: tile) { [server] in
            try await server.data(for: tile)
        }
        cached[tile] = data
        return data
    }
}

/// Runs `operation`; if `deadline` passes first, cancels it and throws `TileError.timedOut`.
nonisolated func withDeadline<Value: Sendable>(
    _ deadline: Deadline,
    for tile: TileID,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    let work = Task { try await operation() }
    Task {
        try await deadline.wait()
        work.cancel()
    }
    return try await work.value
}
