// A weather app, built in main actor mode. Its dashboard shows three things about a city,
// each from its own endpoint of the weather service.

nonisolated struct Forecast: Equatable {
    let highCelsius: Int
    let summary: String
}

nonisolated struct AirQuality: Equatable {
    let index: Int
}

nonisolated struct WeatherAlert: Equatable {
    let title: String
}

/// The weather service's three endpoints. Each answers after a network round trip.
nonisolated protocol WeatherService: Sendable {
    func forecast(for city: String) async throws -> Forecast
    func airQuality(for city: String) async throws -> AirQuality
    func alerts(for city: String) async throws -> [WeatherAlert]
}

/// The state behind the dashboard screen.
final class DashboardModel {
    let service: any WeatherService
    private(set) var lines: [String] = []

    init(service: any WeatherService) {
        self.service = service
    }

    // All three start at once; awaiting them one after another only waits for the slowest.
    func load(city: String) async throws {
        async let forecastRequest = service.forecast(for: city)
        async let airRequest = service.airQuality(for: city)
        async let alertsRequest = service.alerts(for: city)
        let forecast = try await forecastRequest
        let air = try await airRequest
        let alerts = try await alertsRequest
        lines = ["\(city): \(forecast.summary), \(forecast.highCelsius) °C", "Air quality: \(air.index)"]
            + alerts.map { "Alert: \($0.title)" }
    }
}
