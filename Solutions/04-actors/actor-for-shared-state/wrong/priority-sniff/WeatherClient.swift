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
/// The app's widget and its main screen share one quota: an actor serves their requests
/// one at a time, so checking `remaining` and taking one request from it is a single step.
actor RequestQuota {
    private(set) var remaining: Int
    private(set) var refused: [String] = []

    init(limit: Int) {
        remaining = limit
    }

    /// Takes one request from the quota, or notes the city as refused when none is left.
    func take(for city: String) -> Bool {
        guard remaining > 0 else {
            refused.append(city)
            return false
        }
        remaining -= 1
        return true
    }

    func refuse(_ city: String) { refused.append(city) }
    func takeOne() { remaining -= 1 }
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
                    if Task.currentPriority == .background {
                        guard await quota.take(for: city) else { return nil }
                    } else {
                        guard await quota.remaining > 0 else {
                            await quota.refuse(city)
                            return nil
                        }
                        await quota.takeOne()
                    }
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
