func doubled(from client: LegacyClient) async -> Int {
    await fetchValue(from: client) * 2
}
