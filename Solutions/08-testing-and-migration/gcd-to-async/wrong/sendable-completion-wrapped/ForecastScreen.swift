import Dispatch

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
        await withCheckedContinuation { done in
            refresh(city: city) { done.resume() }
        }
    }

    /// Loads the report of `city`, then calls `completion`.
    func refresh(city: String, completion: @escaping @Sendable () -> Void) {
        status = "Loading…"
        sdk.fetchReport(for: city) { result in
            DispatchQueue.main.async {
                switch result {
                case .success(let report):
                    self.lines = report.split(separator: "\n").map(String.init)
                    self.status = ""
                case .failure:
                    self.status = "No forecast for \(city) right now."
                }
                completion()
            }
        }
    }
}
