// A photo-sharing app's feed screen. This module is built in main actor mode:
// every declaration without an isolation of its own is isolated to the main actor.

/// One photo in the feed.
struct Photo {
    let id: Int
    let author: String
    var likes: Int = 0
    var seen: Bool = false
}

/// The state behind the feed screen: the photos it shows and what the user did with them.
final class PhotoFeed {
    private(set) var photos: [Photo] = []

    func receive(_ newPhotos: [Photo]) {
        photos.append(contentsOf: newPhotos)
    }

    func like(photoID: Int) {
        guard let index = photos.firstIndex(where: { $0.id == photoID }) else { return }
        photos[index].likes += 1
    }

    func markAllSeen() {
        for index in photos.indices {
            photos[index].seen = true
        }
    }

    func unseenCount() -> Int {
        photos.filter { !$0.seen }.count
    }
}

// TODO: the feed tab stopped building after a teammate's change, made "so that the badge and
// the captions are worked out in the background". Only the feed screen, on the main actor,
// shows them, and they read the feed.

/// The text of the badge on the feed tab: "3 new", or "" when everything has been seen.
nonisolated func badgeText(for feed: PhotoFeed) -> String {
    let count = feed.unseenCount()
    return count == 0 ? "" : "\(count) new"
}

/// The line under a photo: "Ada · 2 likes".
nonisolated func caption(for photoID: Int, in feed: PhotoFeed) -> String {
    guard let photo = feed.photos.first(where: { $0.id == photoID }) else { return "" }
    let likes = photo.likes == 1 ? "1 like" : "\(photo.likes) likes"
    return "\(photo.author) · \(likes)"
}
