// TODO: the answer is never doubled.
func doubled(from client: LegacyClient) async -> Int {
    0
}
