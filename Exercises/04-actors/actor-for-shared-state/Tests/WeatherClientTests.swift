import InterleavingHarness
import Testing
@testable import ActorForSharedState

/// A fake weather service. Each request waits until `expected` requests are in flight at
/// once, then they all answer: a client that fetched one city after the other would wait
/// forever, and the test would run out of time. Requests beyond `expected` (more than the quota
/// allows) are answered at once, so that the test can count them.
actor GatheringService: ForecastService {
    private let expected: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var gathered = false
    private(set) var requested: [String] = []

    init(expected: Int) {
        self.expected = expected
    }

    func forecast(for city: String) async throws -> Forecast {
        requested.append(city)
        if !gathered && waiting.count + 1 < expected {
            await withCheckedContinuation { waiting.append($0) }
        } else if !gathered {
            gathered = true
            waiting.forEach { $0.resume() }
            waiting.removeAll()
        }
        return Forecast(city: city, summary: "Sunny in \(city)")
    }
}

/// A fake weather service that answers every request, after a while: a point where other tasks
/// may run first. It notes each request, and what the quota shows then, in the trace that a
/// failing schedule shows.
actor SlowService: ForecastService {
    private(set) var requested: [String] = []
    let quota: RequestQuota

    init(quota: RequestQuota) {
        self.quota = quota
    }

    func forecast(for city: String) async throws -> Forecast {
        requested.append(city)
        let request = requested.count
        let left = await quota.remaining
        Interleavings.note("asked the service for \(city): request \(request), the quota shows \(left) left")
        await Interleavings.pause()
        return Forecast(city: city, summary: "Sunny in \(city)")
    }
}

/// The error of a weather service that could not answer for a city.
struct ServiceDown: Error {}

/// A fake weather service that answers at once, except for the city `down`, whose request fails.
actor PatchyService: ForecastService {
    private let down: String

    init(down: String) {
        self.down = down
    }

    func forecast(for city: String) async throws -> Forecast {
        if city == down { throw ServiceDown() }
        return Forecast(city: city, summary: "Sunny in \(city)")
    }
}

/// Compiles only for actor types: the quota must be an actor of its own, not a class that
/// the main actor (or a lock) protects. On the main actor, every weather request running in
/// the background would queue up behind the UI just to count.
private func quotaMustBeAnActorOfItsOwnNotTheMainActor<T: Actor>(_ type: T.Type) -> Bool { true }

@Test func theQuotaIsAnActor() {
    #expect(quotaMustBeAnActorOfItsOwnNotTheMainActor(RequestQuota.self))
}

@Test func citiesAreFetchedAtTheSameTime() async {
    let service = GatheringService(expected: 4)
    let client = WeatherClient(service: service, quota: RequestQuota(limit: 10))
    let forecasts = await client.forecasts(for: ["Oslo", "Lima", "Pune", "Kyiv"])
    #expect(forecasts.keys.sorted() == ["Kyiv", "Lima", "Oslo", "Pune"])
    #expect(forecasts["Lima"]?.summary == "Sunny in Lima")
    #expect(await client.quota.remaining == 6)
}

@Test func theQuotaCapsTheRequests() async {
    let cities = ["Oslo", "Lima", "Pune", "Kyiv", "Fez"]
    let service = GatheringService(expected: 3)
    let quota = RequestQuota(limit: 3)
    let forecasts = await WeatherClient(service: service, quota: quota).forecasts(for: cities)
    #expect(forecasts.count == 3)
    let requested = await service.requested.count
    #expect(requested == 3, "\(requested) requests went out on a quota of 3: a request checked the quota, and another took the last one before it")
    #expect(await quota.remaining == 0)
    let refused = await quota.refused
    #expect(refused.count == 2)
    #expect(Set(refused).union(forecasts.keys) == Set(cities), "every city is either fetched or refused")
}

@Test func theWidgetAndTheScreenShareOneQuota() async {
    let service = GatheringService(expected: 4)
    let quota = RequestQuota(limit: 4)
    let widget = WeatherClient(service: service, quota: quota)
    let screen = WeatherClient(service: service, quota: quota)
    async let widgetForecasts = widget.forecasts(for: ["Oslo", "Lima", "Pune"])
    async let screenForecasts = screen.forecasts(for: ["Kyiv", "Fez", "Quito"])
    let fetched = await widgetForecasts.count + screenForecasts.count
    #expect(fetched == 4)
    let requested = await service.requested.count
    #expect(requested == 4, "\(requested) requests went out on a quota of 4: a request checked the quota, and another took the last one before it")
    #expect(await quota.refused.count == 2)
    #expect(await quota.remaining == 0)
}

/// The widget and the screen fetch at once, and each request may run before, between or after the
/// others' steps: the harness tries a hundred orders (seeded, the same on every machine). In
/// every one of them, each city is either fetched or refused, and never more than the quota.
@Test func theQuotaHoldsInEveryInterleaving() async {
    await Interleavings.explore(schedules: 100) {
        let quota = RequestQuota(limit: 3)
        let service = SlowService(quota: quota)
        let widget = WeatherClient(service: service, quota: quota)
        let screen = WeatherClient(service: service, quota: quota)
        try await Interleavings.concurrently([
            ("widget", { _ = await widget.forecasts(for: ["Oslo", "Lima", "Pune"]) }),
            ("screen", { _ = await screen.forecasts(for: ["Kyiv", "Fez"]) }),
        ])
        let requested = await service.requested.count
        let remaining = await quota.remaining
        let refused = await quota.refused.count
        try Interleavings.check(
            requested <= 3,
            "\(requested) requests went out on a quota of 3: two tasks both saw a request left before either took it")
        try Interleavings.check(
            remaining == 3 - requested && requested + refused == 5,
            "the quota counted wrong: \(requested) requests went out, \(refused) were refused, and it shows \(remaining) left")
    }
}

@Test func aCityWhoseForecastFailsIsLeftOut() async {
    let client = WeatherClient(service: PatchyService(down: "Lima"), quota: RequestQuota(limit: 10))
    let forecasts = await client.forecasts(for: ["Oslo", "Lima", "Pune"])
    #expect(forecasts.keys.sorted() == ["Oslo", "Pune"], "one city's failed request cost the others their forecasts")
}

/// A fake weather service that takes a while over each request, a point where other tasks may run
/// first, and then fails the request of the city `down`. It counts every request it was sent,
/// failed or not: the free tier charges for each.
actor SlowPatchyService: ForecastService {
    private let down: String
    private(set) var requested: [String] = []

    init(down: String) {
        self.down = down
    }

    func forecast(for city: String) async throws -> Forecast {
        requested.append(city)
        Interleavings.note("asked the service for \(city): request \(requested.count)")
        await Interleavings.pause()
        if city == down {
            Interleavings.note("the request for \(city) fails")
            throw ServiceDown()
        }
        return Forecast(city: city, summary: "Sunny in \(city)")
    }
}

/// A request that fails was still sent: the service counted it. With a quota of 2 and three cities,
/// one of them down, at most two requests go out in every order of the tasks' steps (a hundred,
/// seeded, the same on every machine), and the third city is refused.
@Test func aFailedRequestStillUsesItsPlaceInTheQuota() async {
    await Interleavings.explore(schedules: 100) {
        let quota = RequestQuota(limit: 2)
        let service = SlowPatchyService(down: "Lima")
        let forecasts = await WeatherClient(service: service, quota: quota).forecasts(for: ["Lima", "Oslo", "Pune"])
        let requested = await service.requested
        try Interleavings.check(
            requested.count <= 2,
            "\(requested.count) requests went out on a quota of 2 (\(requested.joined(separator: ", "))): a request "
                + "whose forecast failed was still sent, and the service counts it — don't give its place back")
        let refused = await quota.refused
        try Interleavings.check(
            refused.count == 1,
            "the quota refused \(refused) and \(forecasts.count) forecasts came: of three cities on a quota of 2, one is refused")
    }
}
