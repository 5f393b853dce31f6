// A podcast app's episode list, built in main actor mode. The feed client used to download
// synchronously, and the whole app froze for as long as the network took. Its new API is
// `async`: while a download waits for the network, the main actor is free to run other code.

/// One episode of a podcast.
struct Episode: Equatable {
    let title: String
    var isPlayed = false
}

/// Downloads a podcast's feed. The app uses a network client; the tests use a fake.
protocol FeedClient {
    func episodes(of podcast: String) async throws -> [Episode]
}

/// The state behind the episode list.
final class EpisodeList {
    let podcast: String
    let client: any FeedClient
    private(set) var episodes: [Episode] = []
    private(set) var isRefreshing = false
    private(set) var errorMessage: String?

    init(podcast: String, client: any FeedClient) {
        self.podcast = podcast
        self.client = client
    }

    func markPlayed(_ title: String) {
        guard let index = episodes.firstIndex(where: { $0.title == title }) else { return }
        episodes[index].isPlayed = true
    }

    /// Downloads the feed and replaces the list, keeping what the user has already played.
    /// `async`: it suspends at the `await`, and the main actor runs other code meanwhile.
    func reload() async throws {
        let downloaded = try await client.episodes(of: podcast)
        let played = Set(episodes.filter(\.isPlayed).map(\.title))
        episodes = downloaded.map { episode in
            Episode(title: episode.title, isPlayed: episode.isPlayed || played.contains(episode.title))
        }
    }

    /// Pull to refresh: the spinner shows while the feed downloads, an error if it fails.
    /// `async` too, so that its caller can await the end of the refresh.
    func refresh() async {
        isRefreshing = true
        defer { isRefreshing = false }
        do {
            try await reload()
            errorMessage = nil
        } catch {
            errorMessage = "Couldn't refresh “\(podcast)”. Pull to try again."
        }
    }
}
