import Observation
import Synchronization
import Testing
@testable import ObservableViewModel

/// The terminal stand-in for a SwiftUI view. It draws a frame with `body`, and remembers what
/// `body` read; when any of that changes, it draws a new frame on the next turn of its run
/// loop (`nextTurn()`), as SwiftUI redraws a view on the next display frame.
@MainActor final class TerminalView {
    private let body: @MainActor () -> String
    private let invalidated = Invalidation()
    private(set) var frames: [String] = []

    init(body: @escaping @MainActor () -> String) {
        self.body = body
    }

    /// One turn of the run loop: draws a frame if what the last frame showed has changed.
    func nextTurn() {
        guard invalidated.take() else { return }
        let frame = withObservationTracking(body) { [invalidated] in
            // Called, on whatever thread makes the change, just before it happens.
            invalidated.set()
        }
        frames.append(frame)
    }
}

/// "The screen needs a new frame": set from any thread, taken on the main actor.
final class Invalidation: Sendable {
    private let needsFrame = Mutex(true)

    func set() {
        needsFrame.withLock { $0 = true }
    }

    func take() -> Bool {
        needsFrame.withLock { needsFrame in
            defer { needsFrame = false }
            return needsFrame
        }
    }
}

/// A fake weather service that knows a few cities, and notes where it was called from:
/// `forecast(for:)` belongs to no actor, so it runs on its caller's.
final class FakeWeather: WeatherService {
    private let callers = Mutex<[(any Actor)?]>([])

    var callerIsolations: [(any Actor)?] { callers.withLock { $0 } }

    func forecast(for city: String) async throws -> Forecast {
        let caller = #isolation
        callers.withLock { $0.append(caller) }
        switch city {
        case "Lima": return Forecast(temperature: 18, summary: "sunny")
        case "Oslo": return Forecast(temperature: 4, summary: "rain")
        default: throw CancellationError()
        }
    }
}

@Test @MainActor func theScreenStartsWithAnInvitationToRefresh() {
    let model = WeatherViewModel(service: FakeWeather())
    let screen = TerminalView { model.headline }
    screen.nextTurn()
    screen.nextTurn()
    #expect(screen.frames == ["Oslo · pull to refresh"])
}

@Test @MainActor func pickingACityShowsLoadingThenItsForecast() async {
    let weather = FakeWeather()
    let model = WeatherViewModel(service: weather)
    let screen = TerminalView { model.headline }
    screen.nextTurn()
    model.select("Lima")
    screen.nextTurn()
    await model.refreshTask?.value
    screen.nextTurn()
    screen.nextTurn()  // nothing changed since the last frame: no new one
    #expect(screen.frames == ["Oslo · pull to refresh", "Lima · loading…", "Lima · 18° sunny"],
            "the screen didn't redraw: nothing told it that the view model changed (make the view model @Observable)")
    #expect(weather.callerIsolations.count == 1)
    #expect(weather.callerIsolations.first.flatMap { $0 } === MainActor.shared,
            "the view model should ask for the forecast from the main actor")
}

@Test @MainActor func pullingToRefreshRedrawsTheScreen() async {
    let model = WeatherViewModel(service: FakeWeather())
    let screen = TerminalView { model.headline }
    screen.nextTurn()
    await model.refresh()
    screen.nextTurn()
    #expect(screen.frames == ["Oslo · pull to refresh", "Oslo · 4° rain"],
            "the screen didn't redraw: nothing told it that the view model changed (make the view model @Observable)")
}

@Test @MainActor func aFailedRefreshSaysSo() async {
    let model = WeatherViewModel(service: FakeWeather())
    let screen = TerminalView { model.headline }
    screen.nextTurn()
    model.select("Atlantis")
    await model.refreshTask?.value
    screen.nextTurn()
    #expect(screen.frames == ["Oslo · pull to refresh", "Atlantis · no forecast, pull to try again"],
            "the screen didn't redraw: nothing told it that the view model changed (make the view model @Observable)")
}

@Test @MainActor func theScreenRedrawsOnlyForWhatItShows() async {
    let model = WeatherViewModel(service: FakeWeather())
    var bodyRuns = 0
    let screen = TerminalView {
        bodyRuns += 1
        return model.city
    }
    screen.nextTurn()
    await model.refresh()  // the state changes, but this screen shows only the city
    screen.nextTurn()
    #expect(screen.frames == ["Oslo"])
    #expect(bodyRuns == 1)
}

/// Background code, such as a widget's timeline or an App Intent, asks for a refresh.
@concurrent func refreshFromTheBackground(_ model: WeatherViewModel) async {
    await model.refresh()
}

@Test @MainActor func aRefreshFromBackgroundCodeRunsOnTheMainActor() async {
    let weather = FakeWeather()
    await refreshFromTheBackground(WeatherViewModel(service: weather))
    #expect(weather.callerIsolations.count == 1)
    #expect(weather.callerIsolations.first.flatMap { $0 } === MainActor.shared,
            "the view model's refresh ran off the main actor: isolate the whole view model to the main actor, not only some of its methods")
}
