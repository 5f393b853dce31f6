// A weather app, built in main actor mode. The forecast screen shows the report of one city.

/// The state behind the forecast screen: the lines of the report, or a status instead.
final class ForecastScreen {
    let sdk: any WeatherSDK
    private(set) var lines: [String] = []
    private(set) var status = ""

    init(sdk: any WeatherSDK = VendorWeatherSDK()) {
        self.sdk = sdk
    }

    /// Loads the report of `city`.
    func refresh(city: String) async {
        status = "Loading…"
        do {
            lines = try await sdk.report(for: city).split(separator: "\n").map(String.init)
            status = ""
        } catch {
            status = "No forecast for \(city) right now."
        }
    }
}
