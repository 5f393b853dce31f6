import Synchronization
import Testing
@testable import AsyncLet

/// Counts the requests in flight. A request made from a child task is held until `expected`
/// requests have arrived, so that they are all in flight together if the code
/// lets them be. A request made on an actor (the main actor, here) is answered at once: its
/// caller is waiting for it right there, and can't send another one until it is answered.
actor RequestGate {
    let expected: Int
    private var arrived = 0
    private var inFlight = 0
    private(set) var mostInFlight = 0
    private var held: [CheckedContinuation<Void, Never>] = []

    init(expected: Int) {
        self.expected = expected
    }

    func pass(from caller: (any Actor)?) async {
        arrived += 1
        inFlight += 1
        mostInFlight = max(mostInFlight, inFlight)
        if arrived >= expected {
            held.forEach { $0.resume() }
            held = []
        } else if caller == nil {
            await withCheckedContinuation { held.append($0) }
        }
        inFlight -= 1
    }
}

nonisolated struct NetworkDown: Error {}

/// For each request, whether the task that made it was cancelled.
nonisolated final class CancellationLog: Sendable {
    private let storage = Mutex<[String: Bool]>([:])
    var requests: [String: Bool] { storage.withLock { $0 } }

    func note(_ request: String, cancelled: Bool) {
        storage.withLock { $0[request] = cancelled }
    }
}

/// The weather service's fake. Its methods run on their caller's actor, so `#isolation`
/// tells the gate where each request was made. It also notes, for each request, whether the
/// task that made it was cancelled.
nonisolated struct FakeWeatherService: WeatherService {
    let gate: RequestGate
    let failingAlerts: Bool
    let cancellations = CancellationLog()
    var requestsSawCancellation: [String: Bool] { cancellations.requests }

    /// `holdingRequestsUntil: 3` holds the dashboard's requests until all three have arrived;
    /// by default, no request is held.
    init(holdingRequestsUntil expected: Int = 1, failingAlerts: Bool = false) {
        gate = RequestGate(expected: expected)
        self.failingAlerts = failingAlerts
    }

    private func note(_ request: String) {
        cancellations.note(request, cancelled: Task.isCancelled)
    }

    func forecast(for city: String) async throws -> Forecast {
        note("forecast")
        await gate.pass(from: #isolation)
        return Forecast(highCelsius: 21, summary: "sunny")
    }

    func airQuality(for city: String) async throws -> AirQuality {
        note("air quality")
        await gate.pass(from: #isolation)
        return AirQuality(index: 42)
    }

    func alerts(for city: String) async throws -> [WeatherAlert] {
        note("alerts")
        await gate.pass(from: #isolation)
        if failingAlerts { throw NetworkDown() }
        return [WeatherAlert(title: "Strong wind"), WeatherAlert(title: "Heat")]
    }
}

@Test func theDashboardShowsAllThree() async throws {
    let dashboard = DashboardModel(service: FakeWeatherService())
    try await dashboard.load(city: "Lisbon")
    #expect(dashboard.lines == ["Lisbon: sunny, 21 °C", "Air quality: 42", "Alert: Strong wind", "Alert: Heat"])
}

@Test func theThreeRequestsAreInFlightTogether() async throws {
    let service = FakeWeatherService(holdingRequestsUntil: 3)
    try await DashboardModel(service: service).load(city: "Lisbon")
    let mostInFlight = await service.gate.mostInFlight
    #expect(mostInFlight == 3, "the most requests in flight at the same time")
}

@Test func cancellingTheDashboardCancelsTheRequests() async throws {
    let service = FakeWeatherService()
    let dashboard = DashboardModel(service: service)
    let loading = Task { try await dashboard.load(city: "Lisbon") }
    loading.cancel()  // the user left the screen before it loaded (the fake answers anyway)
    _ = await loading.result
    #expect(service.requestsSawCancellation == ["forecast": true, "air quality": true, "alerts": true],
            "a request ran in a task that the dashboard's cancellation doesn't reach: `Task { }` creates an unstructured task; `async let` creates a child task, cancelled with its parent")
}

@Test func aFailedRequestFailsTheDashboard() async {
    let dashboard = DashboardModel(service: FakeWeatherService(failingAlerts: true))
    await #expect(throws: NetworkDown.self) {
        try await dashboard.load(city: "Oslo")
    }
    #expect(dashboard.lines.isEmpty)
}
