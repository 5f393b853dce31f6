// Two concurrency mistakes of the same kind and one of another kind.
var refreshCount = 0

@MainActor final class Feed {
    var items: [String] = []
}

nonisolated func count(_ feed: Feed) -> Int {
    feed.items.count
}

nonisolated func clear(_ feed: Feed) {
    feed.items = []
}
