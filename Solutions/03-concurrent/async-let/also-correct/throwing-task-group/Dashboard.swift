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

    private enum Answer {
        case forecast(Forecast)
        case air(AirQuality)
        case alerts([WeatherAlert])
    }

    // One child task per request, in a throwing task group.
    func load(city: String) async throws {
        let service = self.service
        var forecast: Forecast?
        var air: AirQuality?
        var alerts: [WeatherAlert] = []
        try await withThrowingTaskGroup(of: Answer.self) { group in
            group.addTask { .forecast(try await service.forecast(for: city)) }
            group.addTask { .air(try await service.airQuality(for: city)) }
            group.addTask { .alerts(try await service.alerts(for: city)) }
            for try await answer in group {
                switch answer {
                case .forecast(let value): forecast = value
                case .air(let value): air = value
                case .alerts(let value): alerts = value
                }
            }
        }
        guard let forecast, let air else { return }
        lines = ["\(city): \(forecast.summary), \(forecast.highCelsius) °C", "Air quality: \(air.index)"]
            + alerts.map { "Alert: \($0.title)" }
    }
}
