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

/// Owns the bookmarks, away from the main actor.
actor BookmarkStore {
    private var bookmarks: [Bookmark] = []

    func save(_ bookmark: Bookmark) {
        bookmarks.append(bookmark)
    }

    func markRead(_ url: String) {
        bookmarks.first { $0.url == url }?.isRead = true
    }

    /// The bookmarks not read yet.
    func unread() -> [Bookmark] {
        bookmarks.filter { !$0.isRead }
    }

    /// Reads what the share sheet sends, "Title\nURL", into a new bookmark, not saved yet.
    func draft(fromShared text: String) -> Bookmark {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return Bookmark(url: lines.count > 1 ? String(lines[1]) : "", title: String(lines[0]))
    }
}

// TODO: the reading list doesn't build: the compiler won't let the screen take what the store
// hands it. A reviewer adds two facts: the store goes on changing its bookmarks (marking them
// read) while the screen shows them, and the screen edits the draft it gets from the share
// sheet before the store saves it.

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
