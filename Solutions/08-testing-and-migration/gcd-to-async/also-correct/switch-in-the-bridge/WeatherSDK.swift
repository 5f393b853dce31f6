import Dispatch

// The weather vendor's SDK, written in the GCD era. In the app it comes as the vendor's
// framework; it is here so that the exercise builds as one module. Don't change it.

/// Fetches weather reports, such as "Lisbon\n21°, sunny\nWind 12 km/h".
nonisolated protocol WeatherSDK: Sendable {
    /// Calls `completion` exactly once, on the SDK's own background queue.
    func fetchReport(for city: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void)
}

/// The vendor's implementation: it works on a private dispatch queue.
nonisolated struct VendorWeatherSDK: WeatherSDK {
    private let queue = DispatchQueue(label: "com.example.weather-vendor")

    func fetchReport(for city: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        queue.async {
            completion(.success("\(city)\n18°, cloudy\nWind 20 km/h"))
        }
    }
}
