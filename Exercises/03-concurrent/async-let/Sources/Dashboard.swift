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

    // TODO: the dashboard takes as long as its three requests' round trips added up, although
    // the requests don't depend on each other. It should take about as long as the slowest one.
    func load(city: String) async throws {
        let forecast = try await service.forecast(for: city)
        let air = try await service.airQuality(for: city)
        let alerts = try await service.alerts(for: city)
        lines = ["\(city): \(forecast.summary), \(forecast.highCelsius) °C", "Air quality: \(air.index)"]
            + alerts.map { "Alert: \($0.title)" }
    }
}
