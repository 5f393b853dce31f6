// Wrong fix: keep calling the old callback API from the caller, wrapped in a continuation here.
func doubled(from client: LegacyClient) async -> Int {
    let value = await withCheckedContinuation { continuation in
        client.fetch { continuation.resume(returning: $0) }
    }
    return value * 2
}
