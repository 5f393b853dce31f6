import Testing
@testable import TaskFromAnEvent

// This test module is built in main actor mode too: the tests, the fake service and the
// screen all take turns on the main actor.

/// A weather service whose requests wait until the test answers them.
final class ControlledWeatherService: WeatherService {
    private var pending: [CheckedContinuation<Forecast, any Error>] = []
    private(set) var requests: [String] = []

    func forecast(for city: String) async throws -> Forecast {
        requests.append(city)
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(continuation)
        }
    }

    func respond(with forecast: Forecast) {
        nextRequest()?.resume(returning: forecast)
    }

    func fail(with error: any Error) {
        nextRequest()?.resume(throwing: error)
    }

    private func nextRequest() -> CheckedContinuation<Forecast, any Error>? {
        guard !pending.isEmpty else {
            Issue.record("no request is waiting for an answer")
            return nil
        }
        return pending.removeFirst()
    }

    var isWaiting: Bool { !pending.isEmpty }
}

/// Gives the app's tasks up to 1,000 turns on the main actor (far more than they need) and
/// returns whether `condition` has become true.
private func eventually(_ condition: () -> Bool) async -> Bool {
    var turns = 0
    while !condition() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
    return condition()
}

private let osloForecast = Forecast(city: "Oslo", summary: "Snow, -3 °C")

/// Serialized, so that failures are reported in this order: the first one is the first to fix.
@Suite(.serialized) struct ForecastScreenTests {
    @Test func theSpinnerShowsAsSoonAsTheButtonIsTapped() {
        let screen = ForecastScreen(city: "Oslo", service: ControlledWeatherService())
        screen.refreshButton.tap()
        // No `await` since the tap: nothing else has run on the main actor yet.
        #expect(screen.state == .loading, "the tap itself must show the spinner")
    }

    @Test func aTapLoadsTheForecast() async {
        let service = ControlledWeatherService()
        let screen = ForecastScreen(city: "Oslo", service: service)
        screen.refreshButton.tap()
        #expect(await eventually { service.isWaiting }, "the tap should start a request")
        #expect(service.requests == ["Oslo"])
        #expect(screen.state == .loading)
        service.respond(with: osloForecast)
        #expect(await eventually { screen.state == .showing(osloForecast) }, "the screen should show the forecast")
    }

    @Test func aFailedRequestShowsWhatWentWrong() async {
        let service = ControlledWeatherService()
        let screen = ForecastScreen(city: "Oslo", service: service)
        screen.refreshButton.tap()
        #expect(await eventually { service.isWaiting })
        service.fail(with: WeatherError.offline)
        #expect(
            await eventually { screen.state != .loading },
            "the screen is stuck on the spinner: the error went nowhere"
        )
        #expect(screen.state == .failed("You're offline. Tap Refresh to try again."))
    }

    @Test func tappingAgainAfterAFailureRecovers() async {
        let service = ControlledWeatherService()
        let screen = ForecastScreen(city: "Reykjavík", service: service)
        screen.refreshButton.tap()
        #expect(await eventually { service.isWaiting })
        service.fail(with: WeatherError.unknownCity)
        #expect(await eventually { screen.state == .failed("No forecast for Reykjavík.") })

        screen.refreshButton.tap()
        #expect(screen.state == .loading)
        #expect(await eventually { service.isWaiting })
        let forecast = Forecast(city: "Reykjavík", summary: "Wind, 2 °C")
        service.respond(with: forecast)
        #expect(await eventually { screen.state == .showing(forecast) })
        #expect(service.requests == ["Reykjavík", "Reykjavík"])
    }
}
