func doubled(from client: LegacyClient) async -> Int {
    await withCheckedContinuation { continuation in
        client.fetchOnMain { continuation.resume(returning: $0) }
    }
}
