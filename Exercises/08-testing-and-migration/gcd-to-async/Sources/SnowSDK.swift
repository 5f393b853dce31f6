import Dispatch

// The snow-report vendor's SDK, written in the GCD era. In the app it comes as the vendor's
// framework; it is here so that the exercise builds as one module. Don't change it.

/// Fetches today's snow report of a resort, such as "Laax: 85 cm, all lifts open".
nonisolated protocol SnowSDK: Sendable {
    /// Calls `completion` exactly once, on one of the SDK's background threads: several
    /// requests may call back at the same time.
    func fetchReport(for resort: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void)
}

/// The vendor's implementation: it works on a concurrent dispatch queue.
nonisolated struct VendorSnowSDK: SnowSDK {
    private let queue = DispatchQueue(label: "com.example.snow-vendor", attributes: .concurrent)

    func fetchReport(for resort: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        queue.async {
            completion(.success("\(resort): 40 cm, all lifts open"))
        }
    }
}
