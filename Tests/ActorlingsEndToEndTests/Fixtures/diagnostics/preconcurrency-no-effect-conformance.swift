// swiftc-flags:
protocol Refreshable {
    func refresh()
}

/// A nonisolated class: its conformance never crosses into actor-isolated code.
final class FeedLoader: @preconcurrency Refreshable {
    func refresh() {}
}
