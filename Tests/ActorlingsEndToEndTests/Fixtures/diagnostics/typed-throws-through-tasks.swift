// swiftc-flags:
/// Why loading a feed page failed.
enum FeedError: Error {
    case offline
    case badPage(Int)
}

func loadPage(_ number: Int) async throws(FeedError) -> [String] {
    ["post \(number)"]
}

func loadFirstTwoPages() async throws(FeedError) -> [String] {
    async let first = loadPage(1)
    async let second = loadPage(2)
    return try await first + second
}

func loadPages(_ numbers: [Int]) async throws(FeedError) -> [String] {
    try await withThrowingTaskGroup(of: [String].self) { group in
        for number in numbers {
            group.addTask { try await loadPage(number) }
        }
        var posts: [String] = []
        for try await page in group {
            posts += page
        }
        return posts
    }
}

func loadInBackground() async throws(FeedError) -> [String] {
    let task = Task { try await loadPage(1) }
    return try await task.value
}
