// TrailMaps, a hiking app built in main actor mode. Before a hike, the user saves a region of
// the map for offline use. Every square of the map, a *tile*, goes through a small pipeline:
//
//     fetch from the tile server → decode to pixels → save, with the progress on screen
//
// The map screen shows the same tiles, so the fetched data lives in a cache that both share.
// This file holds the pipeline's data and its two dependencies; nothing to change here.

/// One square of the map: its zoom level, column and row.
nonisolated struct TileID: Hashable, Sendable, CustomStringConvertible {
    let zoom: Int
    let x: Int
    let y: Int

    var description: String { "\(zoom)/\(x)/\(y)" }
}

/// A decoded tile, ready to draw.
nonisolated struct MapTile: Equatable, Sendable {
    let id: TileID
    let pixels: [UInt8]
}

nonisolated enum TileError: Error, Equatable {
    /// The tile server did not answer before the deadline.
    case timedOut(TileID)
}

/// The tile server. The app talks HTTP to it; the tests use a fake.
nonisolated protocol TileServer: Sendable {
    func data(for tile: TileID) async throws -> [UInt8]
}

/// Turns a tile's compressed data into pixels: heavy work for the CPU. The image library is
/// `nonisolated`, so `decode` runs wherever its caller runs.
nonisolated protocol TileDecoder: Sendable {
    func decode(_ data: [UInt8], for tile: TileID) async throws -> MapTile
}

/// A wait that ends when a deadline passes. The app uses `.seconds(_:)`; the tests use
/// deadlines they control.
nonisolated struct Deadline: Sendable {
    let wait: @Sendable () async throws -> Void

    static func seconds(_ seconds: Int) -> Deadline {
        Deadline { try await Task.sleep(for: .seconds(seconds)) }
    }
}
