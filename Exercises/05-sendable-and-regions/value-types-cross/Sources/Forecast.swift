// A weather app, built in main actor mode. The network layer is `nonisolated`: it retries
// failed requests, and runs every attempt as a task of its own.

/// What the user asked for: a city and a number of days.
nonisolated final class ForecastQuery {
    var city: String
    var days: Int

    init(city: String, days: Int) {
        self.city = city
        self.days = days
    }
}

/// The forecast for one city: the highest temperature of each day, in °C.
nonisolated final class Forecast {
    var city: String
    var highs: [Int]

    init(city: String, highs: [Int]) {
        self.city = city
        self.highs = highs
    }
}

// TODO: the query and the forecast cross from one isolation domain to another (into each
// attempt's task and back), and the compiler refuses both: as written, every side would
// hold the same object. Nothing here needs to be shared.

/// Runs `operation` until it succeeds, at most `attempts` times, each attempt in a new task:
/// outside the caller's isolation domain, so `operation` is `@Sendable`, its result `Sendable`.
nonisolated func retrying<T: Sendable>(
    attempts: Int, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    var attempt = 1
    while true {
        do {
            return try await Task { try await operation() }.value
        } catch where attempt < attempts {
            attempt += 1
        }
    }
}

/// The network layer: asks the forecast service, retrying twice when a request fails.
nonisolated struct WeatherClient {
    /// Downloads the daily highs of a city for a number of days.
    let download: @Sendable (_ city: String, _ days: Int) async throws -> [Int]

    func forecast(for query: ForecastQuery) async throws -> Forecast {
        try await retrying(attempts: 3) {
            Forecast(city: query.city, highs: try await download(query.city, query.days))
        }
    }
}

/// The state behind the forecast screen.
final class ForecastScreen {
    let client: WeatherClient
    private(set) var lastQuery: ForecastQuery?
    private(set) var forecast: Forecast?

    init(client: WeatherClient) {
        self.client = client
    }

    func show(city: String, days: Int) async throws {
        let query = ForecastQuery(city: city, days: days)
        forecast = try await client.forecast(for: query)
        lastQuery = query
    }

    /// The "3 more days" button: the same query, three days longer.
    func showThreeMoreDays() async throws {
        guard let query = lastQuery else { return }
        query.days += 3
        forecast = try await client.forecast(for: query)
        lastQuery = query
    }
}
