import Testing
@testable import OptingOut

// The widget's background refresh, played by `@concurrent` helpers: they run off the
// main actor, so they compile only if everything they use is usable from there.

@concurrent private func refreshWidget(with reply: String) async -> String {
    #expect(#isolation == nil, "the widget refresh runs outside the main actor")
    return ForecastWidget().headline(for: reply)
}

@concurrent private func parseInBackground(_ reply: String) async throws(ForecastError) -> [DailyForecast] {
    try ForecastParser().parse(reply)
}

@concurrent private func widgetNeedsRedraw(showing old: DailyForecast, for new: DailyForecast) async -> Bool {
    old != new
}

@Test func widgetShowsToday() async {
    #expect(await refreshWidget(with: "Mon,12,18\nTue,10,15") == "Mon 12–18 °C")
}

@Test func widgetExplainsABadReply() async {
    #expect(await refreshWidget(with: "Mon,12,warm") == "Forecast unavailable: line 1 is malformed")
    #expect(await refreshWidget(with: "") == "Forecast unavailable: the reply is empty")
}

@Test func parserReadsEveryDay() async throws {
    let days = try await parseInBackground("Mon,12,18\nTue,10,15\nWed,-2,4")
    #expect(days == [
        DailyForecast(day: "Mon", lowCelsius: 12, highCelsius: 18),
        DailyForecast(day: "Tue", lowCelsius: 10, highCelsius: 15),
        DailyForecast(day: "Wed", lowCelsius: -2, highCelsius: 4),
    ])
    #expect(days.map(\.headline) == ["Mon 12–18 °C", "Tue 10–15 °C", "Wed -2–4 °C"])
}

@Test func widgetRedrawsOnlyWhenTheForecastChanged() async {
    let monday = DailyForecast(day: "Mon", lowCelsius: 12, highCelsius: 18)
    #expect(await widgetNeedsRedraw(showing: monday, for: monday) == false)
    #expect(await widgetNeedsRedraw(showing: monday, for: DailyForecast(day: "Mon", lowCelsius: 12, highCelsius: 19)))
}

@Test func parserPointsAtTheBadLine() async {
    await #expect(throws: ForecastError.malformedLine(2)) {
        try await parseInBackground("Mon,12,18\nTue;10;15")
    }
}

@Test func theScreenStillUsesTheModelOnTheMainActor() {
    MainActor.assertIsolated()
    let today = DailyForecast(day: "Fri", lowCelsius: 3, highCelsius: 9)
    #expect(today.headline == "Fri 3–9 °C")
    #expect(ForecastWidget().headline(for: "Fri,3,9") == today.headline)
}
