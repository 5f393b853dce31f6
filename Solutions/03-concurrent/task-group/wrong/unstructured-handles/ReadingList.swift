// A news app, built in main actor mode. The reading list shows how long each saved article
// is. Counting the words of a long article is real work, and a reading list can hold hundreds
// of articles: they are counted in parallel, off the main actor.

/// Where saved articles are kept, on the device.
nonisolated protocol ArticleStore: Sendable {
    func text(of articleID: Int) async -> String
}

/// Counts the words of each article, one task per article.
@concurrent func wordCounts(of articleIDs: [Int], in store: any ArticleStore) async -> [Int: Int] {
    let tasks = articleIDs.map { articleID in
        (articleID, Task { @concurrent in
            let text = await store.text(of: articleID)
            return text.split(whereSeparator: \.isWhitespace).count
        })
    }
    var counts: [Int: Int] = [:]
    for (articleID, task) in tasks {
        counts[articleID] = await task.value
    }
    return counts
}

/// The state behind the reading-list screen.
final class ReadingListModel {
    let store: any ArticleStore
    private(set) var lines: [String] = []

    init(store: any ArticleStore) {
        self.store = store
    }

    func refresh(articleIDs: [Int]) async {
        let counts = await wordCounts(of: articleIDs, in: store)
        lines = articleIDs.map { "Article \($0): \(counts[$0, default: 0]) words" }
    }
}
