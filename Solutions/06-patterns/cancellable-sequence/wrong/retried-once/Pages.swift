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
        mutating func next() async throws -> [String]? {
            guard next < count, !Task.isCancelled else { return nil }
            let headlines: [String]
            do {
                headlines = try await client.page(next)
            } catch {
                // Mobile networks drop requests: try the page once more before giving up.
                headlines = try await client.page(next)
            }
            next += 1
            return headlines
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, count: count)
    }
}
