// A podcast app, built in main actor mode. Show artwork is downloaded once and kept in
// memory. The cache is an actor: the episode list, the player and the widget all use it.

/// A show's cover image.
nonisolated struct Artwork: Equatable, Sendable {
    let url: String
    let bytes: [UInt8]
}

/// Downloads artwork. The app uses the network; the tests use a fake.
nonisolated protocol ArtworkLoader: Sendable {
    func load(_ url: String) async throws -> Artwork
}

/// Show artwork by URL, downloaded on first use.
actor ArtworkCache {
    private let loader: any ArtworkLoader
    private var artworks: [String: Artwork] = [:]

    init(loader: any ArtworkLoader) {
        self.loader = loader
    }

    // TODO: the episode list shows ten episodes of one show, so ten requests for the same
    // URL arrive together. While the first one awaits its download, the others find the
    // cache empty and start downloads of their own. Ten requests for one URL must cause one
    // download, and all ten get its artwork.

    /// The artwork at `url`, downloaded if the cache doesn't have it yet.
    func artwork(for url: String) async throws -> Artwork {
        if let artwork = artworks[url] {
            return artwork
        }
        let artwork = try await loader.load(url)
        artworks[url] = artwork
        return artwork
    }
}
