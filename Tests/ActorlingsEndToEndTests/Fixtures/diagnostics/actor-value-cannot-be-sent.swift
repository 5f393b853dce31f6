// swiftc-flags:
final class Bookmark {
    var title = ""
}

actor ReadingList {
    private var bookmarks: [Bookmark] = []

    func firstUnread() -> sending Bookmark? {
        bookmarks.first
    }
}
