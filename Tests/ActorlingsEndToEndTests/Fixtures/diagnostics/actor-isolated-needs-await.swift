// swiftc-flags:
/// Counts the articles a reader has opened; the actor owns the count.
actor ReadingStats {
    var articlesRead = 0

    func recordRead() {
        articlesRead += 1
    }
}

func openArticle(stats: ReadingStats) async -> Int {
    stats.recordRead()
    return stats.articlesRead
}
