// The tile cache. The offline save and the map screen both get their tiles' data here, from
// many tasks at once: it is an actor.

// TODO: (1) the tile server's logs show one tile downloaded two or three times when the
// offline save and the map screen ask for it at about the same moment. Cancelling the save
// must not take the map screen's tile away, and a tile whose download failed downloads again
// the next time it is asked for.
//
// TODO: (2) `withDeadline` races two unstructured tasks. When the deadline passes, the caller
// gets a cancellation error instead of `TileError.timedOut`; when the server answers in time,
// the timer goes on running. Whichever finishes first must decide, and stop the other. A
// slow tile times out for every request that waits for it.

/// Tile data by tile, fetched on first use and kept in memory.
actor TileCache {
    private let server: any TileServer
    private let deadline: Deadline?
    private var cached: [TileID: [UInt8]] = [:]

    init(server: any TileServer, deadline: Deadline? = .seconds(10)) {
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
/// Without a deadline, it only runs `operation`.
nonisolated func withDeadline<Value: Sendable>(
    _ deadline: Deadline?,
    for tile: TileID,
    operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    guard let deadline else { return try await operation() }
    let work = Task { try await operation() }
    Task {
        try await deadline.wait()
        work.cancel()
    }
    return try await work.value
}
