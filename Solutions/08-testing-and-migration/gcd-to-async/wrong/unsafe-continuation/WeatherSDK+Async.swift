// The bridge between the vendor's SDK and the rest of the app: the only place that deals with
// its completion handlers and its queue.

nonisolated extension WeatherSDK {
    /// The report of `city`. Suspends until the SDK calls back, on whatever queue it uses.
    func report(for city: String) async throws -> String {
        try await withUnsafeThrowingContinuation { continuation in
            fetchReport(for: city) { result in
                continuation.resume(with: result)
            }
        }
    }
}
