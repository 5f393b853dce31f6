// A weather app's screen package, built without main actor mode. On Apple platforms a SwiftUI
// view shows this view model; here, a terminal renderer in the tests plays the view's part.
import Observation

/// The forecast for one city, as the weather service sends it.
struct Forecast: Equatable, Sendable {
    let temperature: Int
    let summary: String
}

/// The weather service. The app asks a server; the tests use a fake.
protocol WeatherService: Sendable {
    func forecast(for city: String) async throws -> Forecast
}

/// What the screen shows: a Sendable enum, one case per state of the screen.
enum ScreenState: Equatable, Sendable {
    case idle
    case loading
    case loaded(Forecast)
    case failed
}

// TODO: picking a city doesn't compile: this view model belongs to no actor, so the refresh
// task can't take it along. And once the forecast arrives, the SwiftUI screen goes on showing
// "loading…": nothing tells the view that the model changed. Make it the kind of view model
// SwiftUI expects.

/// The state behind the weather screen.
final class WeatherViewModel {
    private let service: any WeatherService
    private(set) var city = "Oslo"
    private(set) var state = ScreenState.idle
    private(set) var refreshTask: Task<Void, Never>?

    init(service: any WeatherService) {
        self.service = service
    }

    /// The line at the top of the screen.
    var headline: String {
        switch state {
        case .idle: "\(city) · pull to refresh"
        case .loading: "\(city) · loading…"
        case .loaded(let forecast): "\(city) · \(forecast.temperature)° \(forecast.summary)"
        case .failed: "\(city) · no forecast, pull to try again"
        }
    }

    /// Called when the user picks a city from the list.
    func select(_ city: String) {
        self.city = city
        state = .loading
        refreshTask = Task { await refresh() }
    }

    /// Called when the user pulls to refresh, and by `select(_:)`.
    func refresh() async {
        state = .loading
        do {
            state = .loaded(try await service.forecast(for: city))
        } catch {
            state = .failed
        }
    }
}
