import Observation

// The "Save for offline use" screen's model. The app shows it with SwiftUI; the tests read it.

// TODO: (3) the map stutters while a region is saved: the child tasks call `tile(_:)`, a
// main-actor method, so every tile is decoded on the main actor, in the middle of the map's
// animations. The map screen calls `tile(_:)` too, and stutters the same way.
//
// TODO: (4) after a tap on Save, the screen still says "Not saved" until the task gets to
// run. Show "Saving 0 of N tiles" at the tap.
//
// TODO: (5) a cancelled save goes on decoding and saving the tiles that arrive, and ends with
// "Saved …"; a timed-out one says "Couldn't save the map.". Once the save is cancelled, decode
// nothing more and show "Cancelled"; for a timeout, show "The tile server is too slow. Try
// again later."

@Observable
final class OfflineMapModel {
    private let cache: TileCache
    private let decoder: any TileDecoder
    private(set) var status = "Not saved"
    private(set) var savedTiles: [TileID: MapTile] = [:]
    private(set) var saving: Task<Void, Never>?

    init(cache: TileCache, decoder: any TileDecoder) {
        self.cache = cache
        self.decoder = decoder
    }

    /// The Save button.
    func saveTapped(_ region: [TileID]) {
        saving = Task {
            await save(region)
        }
    }

    /// The Cancel button.
    func cancelTapped() {
        saving?.cancel()
    }

    /// One tile, fetched and decoded. The map screen calls it too.
    func tile(_ id: TileID) async throws -> MapTile {
        let data = try await cache.data(for: id)
        return try await decoder.decode(data, for: id)
    }

    private func save(_ region: [TileID]) async {
        status = "Saving 0 of \(region.count) tiles"
        var done = 0
        do {
            try await withThrowingTaskGroup(of: MapTile.self) { group in
                for id in region {
                    group.addTask { try await self.tile(id) }
                }
                for try await tile in group {
                    savedTiles[tile.id] = tile
                    done += 1
                    status = "Saving \(done) of \(region.count) tiles"
                }
            }
            status = "Saved for offline use"
        } catch {
            status = "Couldn't save the map."
        }
    }
}
