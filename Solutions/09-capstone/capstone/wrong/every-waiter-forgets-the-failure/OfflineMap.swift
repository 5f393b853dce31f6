import Observation

// The "Save for offline use" screen's model. The app shows it with SwiftUI; the tests read it.

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
        status = "Saving 0 of \(region.count) tiles"
        saving = Task {
            await save(region)
        }
    }

    /// The Cancel button.
    func cancelTapped() {
        saving?.cancel()
    }

    /// One tile, fetched and decoded. The map screen calls it too. `@concurrent`: it runs off
    /// every actor, so the decoder does too, whoever calls it.
    @concurrent func tile(_ id: TileID) async throws -> MapTile {
        let data = try await cache.data(for: id)
        // The data may arrive after the caller gave up: don't decode for nobody.
        try Task.checkCancellation()
        return try await decoder.decode(data, for: id)
    }

    private func save(_ region: [TileID]) async {
        var done = 0
        do {
            try await withThrowingTaskGroup(of: MapTile.self) { group in
                for id in region {
                    group.addTask { try await self.tile(id) }
                }
                // The group's body runs here, on the main actor: the screen's state changes
                // as each tile arrives.
                for try await tile in group {
                    savedTiles[tile.id] = tile
                    done += 1
                    status = "Saving \(done) of \(region.count) tiles"
                }
            }
            status = "Saved for offline use"
        } catch is CancellationError {
            status = "Cancelled"
        } catch TileError.timedOut {
            status = "The tile server is too slow. Try again later."
        } catch {
            status = "Couldn't save the map."
        }
    }
}
