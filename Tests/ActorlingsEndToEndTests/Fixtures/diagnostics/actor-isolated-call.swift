// swiftc-flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
/// The photo feed screen's state: on the main actor, like everything in this module.
final class PhotoFeed {
    private(set) var photos: [String] = []

    func unseenCount() -> Int {
        photos.count
    }
}

/// Meant for the home-screen badge, but marked `nonisolated` by mistake.
nonisolated func badgeText(for feed: PhotoFeed) -> String {
    "\(feed.unseenCount()) new"
}
