// A read-it-later app, built in main actor mode. The bookmarks live in a store with an
// actor of its own, the way a SwiftData `@ModelActor` keeps its `ModelContext`.

/// A saved article. Like a SwiftData model, it is a class with mutable state: it is not
/// `Sendable`, and it stays a class. It is `nonisolated` so that the store's actor can use it.
nonisolated final class Bookmark {
    let url: String
    var title: String
    var isRead = false

    init(url: String, title: String) {
        self.url = url
        self.title = title
    }
}

/// What the reading list shows of a bookmark: a value of its own, safe to send anywhere.
nonisolated struct BookmarkRow: Sendable {
    let url: String
    let title: String
}

/// Owns the bookmarks, away from the main actor.
actor BookmarkStore {
    private var bookmarks: [Bookmark] = []

    func save(_ bookmark: Bookmark) {
        bookmarks.append(bookmark)
    }

    func markRead(_ url: String) {
        bookmarks.first { $0.url == url }?.isRead = true
    }

    /// The bookmarks not read yet, as values: the bookmarks themselves stay in the store.
    func unread() -> [BookmarkRow] {
        bookmarks.filter { !$0.isRead }.map { BookmarkRow(url: $0.url, title: $0.title) }
    }

    /// Reads what the share sheet sends, "Title\nURL", into a new bookmark, not saved yet.
    /// The store keeps no reference to it, so the caller may own it: a `sending` result.
    func draft(fromShared text: String) -> sending Bookmark {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return Bookmark(url: lines.count > 1 ? String(lines[1]) : "", title: String(lines[0]))
    }
}

/// The reading-list screen.
final class ReadingList {
    let store: BookmarkStore
    private(set) var lines: [String] = []

    init(store: BookmarkStore) {
        self.store = store
    }

    func refresh() async {
        let unread = await store.unread()
        lines = unread.map { "\($0.title) — \($0.url)" }
    }

    /// Saves what the share sheet sent; an article without a title shows its address.
    func addShared(_ text: String) async {
        let draft = await store.draft(fromShared: text)
        if draft.title.isEmpty {
            draft.title = draft.url
        }
        await store.save(draft)
        await refresh()
    }
}
