import Synchronization

// A weather app's networking package. Like most Swift packages, it is built without main
// actor mode: its types belong to no actor unless they say so.

/// A forecast, as the weather service sends it.
struct Forecast: Equatable, Sendable {
    let city: String
    let summary: String
}

/// The weather service. The app talks to the real one; the tests use a fake.
protocol ForecastService: Sendable {
    func forecast(for city: String) async throws -> Forecast
}

/// How many requests the free tier of the weather service still allows today.
/// The app's widget and its main screen share one quota. It is an actor, and its state is
/// behind a lock, so that the child tasks can take a request without waiting for the actor.
actor RequestQuota {
    private let state: Mutex<(remaining: Int, refused: [String])>

    init(limit: Int) {
        state = Mutex((limit, []))
    }

    var remaining: Int {
        state.withLock { $0.remaining }
    }

    var refused: [String] {
        state.withLock { $0.refused }
    }

    /// Takes one request from the quota, or notes the city as refused when none is left.
    nonisolated func take(for city: String) -> Bool {
        guard state.withLock({ $0.remaining }) > 0 else {
            state.withLock { $0.refused.append(city) }
            return false
        }
        state.withLock { $0.remaining -= 1 }
        return true
    }
}

/// Fetches the forecasts of many cities at once, within the quota.
struct WeatherClient {
    let service: any ForecastService
    let quota: RequestQuota

    /// The forecasts that the quota allowed and the service delivered, by city.
    func forecasts(for cities: [String]) async -> [String: Forecast] {
        await withTaskGroup { group in
            for city in cities {
                group.addTask { () -> Forecast? in
                    guard quota.take(for: city) else { return nil }
                    return try? await service.forecast(for: city)
                }
            }
            var forecasts: [String: Forecast] = [:]
            for await case let forecast? in group {
                forecasts[forecast.city] = forecast
            }
            return forecasts
        }
    }
}
