import Synchronization
import Testing
@testable import CancellationHandler

nonisolated struct ServerError: Error, Equatable {}

/// Fake transfers that finish only when the test says so, or when they are cancelled.
nonisolated final class FakeTransferClient: TransferClient {
    typealias Completion = @Sendable (Result<[UInt8], any Error>) -> Void

    private struct State {
        var pending: [String: Completion] = [:]
        var cancelled: [String] = []
    }
    private let state = Mutex(State())
    /// The URL of each transfer, as it starts.
    let starts: AsyncStream<String>
    private let startsContinuation: AsyncStream<String>.Continuation

    init() {
        (starts, startsContinuation) = AsyncStream.makeStream(of: String.self)
    }

    var cancelledURLs: [String] { state.withLock { $0.cancelled } }

    func transfer(for url: String) -> any Transfer {
        FakeTransfer(url: url, client: self)
    }

    func start(_ url: String, completion: @escaping Completion) {
        let alreadyCancelled = state.withLock { state in
            state.pending[url] = completion
            return state.cancelled.contains(url)
        }
        startsContinuation.yield(url)
        if alreadyCancelled { finish(url, with: .failure(CancellationError())) }
    }

    func cancel(_ url: String) {
        state.withLock { $0.cancelled.append(url) }
        finish(url, with: .failure(CancellationError()))
    }

    /// Calls the transfer's completion, if it wasn't called yet.
    func finish(_ url: String, with result: Result<[UInt8], any Error>) {
        let completion = state.withLock { $0.pending.removeValue(forKey: url) }
        completion?(result)
    }
}

nonisolated struct FakeTransfer: Transfer {
    let url: String
    let client: FakeTransferClient

    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        client.start(url, completion: completion)
    }

    func cancel() {
        client.cancel(url)
    }
}

/// Waits until the next transfer starts.
private func nextStart(of client: FakeTransferClient) async -> String? {
    for await url in client.starts { return url }
    return nil
}

@Test func aDownloadDeliversTheEpisode() async throws {
    let client = FakeTransferClient()
    let downloading = Task { try await download("episode-1.mp3", using: client) }
    #expect(await nextStart(of: client) == "episode-1.mp3")
    client.finish("episode-1.mp3", with: .success([1, 2, 3]))
    #expect(try await downloading.value == [1, 2, 3])
}

@Test func aFailedTransferThrowsItsError() async {
    let client = FakeTransferClient()
    let downloading = Task { try await download("episode-2.mp3", using: client) }
    _ = await nextStart(of: client)
    client.finish("episode-2.mp3", with: .failure(ServerError()))
    await #expect(throws: ServerError.self) {
        try await downloading.value
    }
}

@Test func cancellingTheTaskCancelsTheTransfer() async {
    let client = FakeTransferClient()
    let downloading = Task { try await download("episode-3.mp3", using: client) }
    _ = await nextStart(of: client)
    downloading.cancel()  // the user tapped Cancel
    #expect(client.cancelledURLs == ["episode-3.mp3"],
            "the transfer was cancelled along with the task: while the task waits in the continuation, only a cancellation handler around that wait can pass the news on; a check before the start comes too early")
    // Without that, the transfer would run to the end: play it out, so that the test finishes.
    client.finish("episode-3.mp3", with: .success([1, 2, 3]))
    await #expect(throws: CancellationError.self, "a cancelled download ends with `CancellationError`, not with the episode") {
        try await downloading.value
    }
}
