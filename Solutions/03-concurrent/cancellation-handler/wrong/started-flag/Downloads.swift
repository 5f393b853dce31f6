// A podcast app, built in main actor mode. Episodes download through an older networking
// library with a completion-handler API, wrapped in an async function. The download screen
// has a Cancel button, which cancels the task that runs `download(_:using:)`.

import Synchronization

/// One download of the older library. `start` calls `completion` exactly once, with the
/// file's bytes or an error. `cancel()` stops the download, and `completion` receives
/// `CancellationError` — right away, or as soon as `start` is called if it wasn't yet.
nonisolated protocol Transfer: Sendable {
    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void)
    func cancel()
}

/// The older library's entry point.
nonisolated protocol TransferClient: Sendable {
    func transfer(for url: String) -> any Transfer
}

/// Downloads one episode.
nonisolated func download(_ url: String, using client: any TransferClient) async throws -> [UInt8] {
    let transfer = client.transfer(for: url)
    // The handler cancels only a transfer that has started; one cancelled before it starts never
    // starts at all.
    let progress = Mutex((started: false, cancelled: false))
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            if progress.withLock({ $0.cancelled }) {
                continuation.resume(throwing: CancellationError())
                return
            }
            transfer.start { result in
                continuation.resume(with: result)
            }
            progress.withLock { $0.started = true }
        }
    } onCancel: {
        let started = progress.withLock { progress in
            progress.cancelled = true
            return progress.started
        }
        if started { transfer.cancel() }
    }
}
