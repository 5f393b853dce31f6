/// The one bridge from the callback to `async`.
func fetchValue(from client: LegacyClient) async -> Int {
    await withCheckedContinuation { continuation in
        client.fetch { continuation.resume(returning: $0) }
    }
}
