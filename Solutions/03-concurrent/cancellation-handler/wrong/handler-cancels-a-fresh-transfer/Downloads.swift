// A podcast app, built in main actor mode. Episodes download through an older networking
// library with a completion-handler API, wrapped in an async function. The download screen
// has a Cancel button, which cancels the task that runs `download(_:using:)`.

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
    // The handler needs no transfer of ours: it asks the library for the transfer of this URL.
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            client.transfer(for: url).start { result in
                continuation.resume(with: result)
            }
        }
    } onCancel: {
        client.transfer(for: url).cancel()
    }
}
