// A weather app's forecast screen, built in main actor mode. There is no UI framework here:
// `Button` stands in for one, and the tests tap it.

/// A button on screen. Like a UIKit or SwiftUI button, it calls its action synchronously.
struct Button {
    let title: String
    let action: () -> Void

    func tap() {
        action()
    }
}

/// Tomorrow's weather in one city.
struct Forecast: Equatable {
    let city: String
    let summary: String
}

/// Fetches forecasts. The app uses a network client; the tests use a fake.
protocol WeatherService {
    func forecast(for city: String) async throws -> Forecast
}

/// Why a request failed, as the weather service reports it.
enum WeatherError: Error {
    case offline
    case unknownCity
}

/// What the screen shows.
enum ScreenState: Equatable {
    case empty
    case loading
    case showing(Forecast)
    case failed(String)
}

/// The state behind the forecast screen.
final class ForecastScreen {
    let city: String
    let service: any WeatherService
    private(set) var state = ScreenState.empty

    init(city: String, service: any WeatherService) {
        self.city = city
        self.service = service
    }

    var refreshButton: Button {
        Button(title: "Refresh", action: refreshTapped)
    }

    // TODO: the Refresh button doesn't build: a button's action is synchronous, and the service
    // takes a while to answer. The spinner must show as soon as the button is tapped, and the
    // screen must never stay stuck on it: a failed request shows `failureMessage(for:)`.
    func refreshTapped() {
        state = .loading
        let forecast = try await service.forecast(for: city)
        state = .showing(forecast)
    }

    /// What the screen says when a request fails.
    func failureMessage(for error: any Error) -> String {
        switch error {
        case WeatherError.offline: "You're offline. Tap Refresh to try again."
        case WeatherError.unknownCity: "No forecast for \(city)."
        default: "Something went wrong. Tap Refresh to try again."
        }
    }
}
