// The bridge between the vendor's SDK and the rest of the app: the only place that deals with
// its completion handlers.

nonisolated extension SnowSDK {
    /// Today's report of `resort`. Suspends until the SDK calls back, on whatever thread it uses.
    func report(for resort: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            fetchReport(for: resort) { result in
                continuation.resume(with: result)
            }
        }
    }
}
