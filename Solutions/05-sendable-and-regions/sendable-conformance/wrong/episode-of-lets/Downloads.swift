// The downloads package of a podcast app. The app hands its public types to the package's
// `Downloader` actor, and gets them back, from whatever isolation domain it is in: they must
// be `Sendable`. A `public` type is never `Sendable` implicitly; it has to say so, and then
// the compiler checks the claim.

/// Rules for downloading, chosen in Settings. They never change once made.
/// Final, with only `let`s of `Sendable` types: an immutable class can be shared safely.
public final class DownloadPolicy: Sendable {
    public let allowsCellular: Bool
    public let keepLatest: Int

    public init(allowsCellular: Bool, keepLatest: Int) {
        self.allowsCellular = allowsCellular
        self.keepLatest = keepLatest
    }
}

/// An episode's cover art, as the feed describes it.
/// It was immutable already; now it says so.
public final class Artwork: Sendable {
    public let url: String
    public let pixelWidth: Int

    public init(url: String, pixelWidth: Int) {
        self.url = url
        self.pixelWidth = pixelWidth
    }
}

/// One episode of a show. The player marks it played; the downloader, downloaded.
/// Only `let`s, so that the class can be `Sendable`: a change makes a new episode.
public final class Episode: Sendable {
    public let title: String
    public let artwork: Artwork
    public let isPlayed: Bool
    public let isDownloaded: Bool

    public init(title: String, artwork: Artwork, isPlayed: Bool = false, isDownloaded: Bool = false) {
        self.title = title
        self.artwork = artwork
        self.isPlayed = isPlayed
        self.isDownloaded = isDownloaded
    }

    /// The same episode, downloaded.
    public func downloaded() -> Episode {
        Episode(title: title, artwork: artwork, isPlayed: isPlayed, isDownloaded: true)
    }
}

/// Downloads episodes, one policy for all of them.
public actor Downloader {
    private let policy: DownloadPolicy
    private var library: [Episode] = []

    public init(policy: DownloadPolicy) {
        self.policy = policy
    }

    /// Downloads an episode, unless we are on cellular and the policy forbids it, and returns
    /// the episodes kept on the device: the newest `keepLatest`, newest first.
    public func download(_ episode: Episode, onCellular: Bool) -> [Episode] {
        guard !onCellular || policy.allowsCellular else { return library }
        library.insert(episode.downloaded(), at: 0)
        library = Array(library.prefix(policy.keepLatest))
        return library
    }
}
