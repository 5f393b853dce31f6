// swiftc-flags:
/// How many requests the app sent since launch.
var requestCount = 0

/// Shared settings for the image loader.
struct ImageLoaderSettings {
    static var maximumConcurrentDownloads = 4
}

/// An actor's static state is not part of any instance, so the actor does not protect it.
actor ThumbnailCache {
    static var hits = 0
}
