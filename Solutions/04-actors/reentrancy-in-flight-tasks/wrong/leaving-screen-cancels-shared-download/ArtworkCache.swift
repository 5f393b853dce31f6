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
    /// What the cache knows about a URL: a download in flight, or its result.
    private enum Entry {
        case loading(Task<Artwork, any Error>)
        case ready(Artwork)
    }

    private let loader: any ArtworkLoader
    private var entries: [String: Entry] = [:]

    init(loader: any ArtworkLoader) {
        self.loader = loader
    }

    /// The artwork at `url`, downloaded if the cache doesn't have it yet.
    func artwork(for url: String) async throws -> Artwork {
        switch entries[url] {
        case .ready(let artwork):
            return artwork
        case .loading(let download):
            // Someone already started this download: wait for the same one, and stop it when
            // this request is cancelled (its screen went away).
            return try await withTaskCancellationHandler {
                try await download.value
            } onCancel: {
                download.cancel()
            }
        case nil:
            // Record the download before the first `await`, so that every request that
            // comes in while it runs finds it.
            let download = Task { try await loader.load(url) }
            entries[url] = .loading(download)
            do {
                let artwork = try await withTaskCancellationHandler {
                    try await download.value
                } onCancel: {
                    download.cancel()
                }
                entries[url] = .ready(artwork)
                return artwork
            } catch {
                // Don't keep the failure: the next request tries again.
                entries[url] = nil
                throw error
            }
        }
    }
}
