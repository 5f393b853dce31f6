// A news app, built in main actor mode. The reading list shows how long each saved article
// is. Counting the words of a long article is real work, and a reading list can hold hundreds
// of articles: they are counted in parallel, off the main actor.

/// Where saved articles are kept, on the device.
nonisolated protocol ArticleStore: Sendable {
    func text(of articleID: Int) async -> String
}

/// Counts the words of each article, one child task per article, three at a time: a long
/// reading list doesn't open hundreds of reads at once.
@concurrent func wordCounts(of articleIDs: [Int], in store: any ArticleStore) async -> [Int: Int] {
    await withTaskGroup(of: (articleID: Int, words: Int).self) { group in
        var pending = articleIDs[...]
        func addNext() {
            guard let articleID = pending.popFirst() else { return }
            group.addTask {
                let text = await store.text(of: articleID)
                return (articleID, text.split(whereSeparator: \.isWhitespace).count)
            }
        }
        for _ in 0..<3 { addNext() }
        var counts: [Int: Int] = [:]
        for await result in group {
            counts[result.articleID] = result.words
            addNext()
        }
        return counts
    }
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
