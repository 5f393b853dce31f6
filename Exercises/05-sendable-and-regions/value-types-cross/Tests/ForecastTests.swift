import Testing
@testable import ValueTypesCross

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake forecast service: fails the first `failures` requests, then answers with highs of
/// 20, 21, 22 … for the number of days asked.
private actor FakeService {
    struct Unavailable: Error {}

    private var failuresLeft: Int
    private(set) var requests: [String] = []

    init(failures: Int) {
        failuresLeft = failures
    }

    func download(city: String, days: Int) throws -> [Int] {
        requests.append("\(city) \(days)")
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw Unavailable()
        }
        return (0..<days).map { 20 + $0 }
    }

    func fail(_ count: Int) {
        failuresLeft = count
    }
}

private func screen(using service: FakeService) -> ForecastScreen {
    ForecastScreen(client: WeatherClient { city, days in
        try await service.download(city: city, days: days)
    })
}

@Test func retriesUntilTheServiceAnswers() async throws {
    let service = FakeService(failures: 2)
    let screen = screen(using: service)
    try await screen.show(city: "Oslo", days: 3)
    #expect(screen.forecast?.city == "Oslo")
    #expect(screen.forecast?.highs == [20, 21, 22])
    #expect(await service.requests == ["Oslo 3", "Oslo 3", "Oslo 3"])
}

@Test func givesUpAfterThreeAttempts() async {
    let service = FakeService(failures: 5)
    let screen = screen(using: service)
    await #expect(throws: FakeService.Unavailable.self) {
        try await screen.show(city: "Lima", days: 2)
    }
    #expect(screen.forecast == nil)
    #expect(await service.requests.count == 3)
}

@Test func threeMoreDaysAsksForALongerForecast() async throws {
    let service = FakeService(failures: 0)
    let screen = screen(using: service)
    try await screen.show(city: "Quito", days: 2)
    try await screen.showThreeMoreDays()
    #expect(screen.forecast?.highs == [20, 21, 22, 23, 24])
    #expect(screen.lastQuery?.days == 5)
}

@Test func aFailedRefreshKeepsTheLastQuery() async throws {
    let service = FakeService(failures: 0)
    let screen = screen(using: service)
    try await screen.show(city: "Oslo", days: 3)
    await service.fail(3)
    await #expect(throws: FakeService.Unavailable.self) {
        try await screen.showThreeMoreDays()
    }
    // The query that failed must not have replaced, or changed, the one the screen shows.
    #expect(screen.lastQuery?.days == 3,
            "the failed “3 more days” request left its edit behind in the query the screen shows: the screen and the network layer share one query object")
    #expect(screen.forecast?.highs == [20, 21, 22])
}

/// A copy of `value`, changed by `change`. For a value type, `value` itself stays as it was.
private func copy<T>(of value: T, changedBy change: (inout T) -> Void) -> T {
    var copy = value
    change(&copy)
    return copy
}

@Test func queriesAndForecastsAreValues() {
    let saved = ForecastQuery(city: "Oslo", days: 3)
    let edited = copy(of: saved) { $0.days = 7 }
    #expect(edited.days == 7)
    #expect(saved.days == 3, "editing a copy of the query changed the saved one: a class is shared, not copied; make the query a value type")

    let today = Forecast(city: "Oslo", highs: [20])
    let tomorrow = copy(of: today) { $0.highs.append(21) }
    #expect(tomorrow.highs == [20, 21])
    #expect(today.highs == [20], "changing a copy of the forecast changed the original: a class is shared, not copied; make the forecast a value type")
}
