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
        var pages: AsyncThrowingStream<[String], any Error>.Iterator

        mutating func next() async throws -> [String]? {
            try await pages.next(isolation: #isolation)
        }
    }

    /// Downloads ahead of the reader, so that scrolling never waits.
    func makeAsyncIterator() -> AsyncIterator {
        let (pages, continuation) = AsyncThrowingStream.makeStream(of: [String].self)
        let client = self.client
        let count = self.count
        Task {
            do {
                for number in 0..<count {
                    continuation.yield(try await client.page(number))
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return AsyncIterator(pages: pages.makeAsyncIterator())
    }
}
