import Dispatch
import Synchronization
import Testing
@testable import GcdToAsync

// This test module is built in main actor mode too: every test here runs on the main actor.

nonisolated enum VendorError: Error {
    case offline
}

/// A fake of the vendor's SDK that behaves like the real one: it calls back on a dispatch
/// queue of its own, never on the main actor. The test decides when, and with what.
nonisolated final class FakeWeatherSDK: WeatherSDK {
    private let queue = DispatchQueue(label: "fake-weather-vendor")
    private let waiting = Mutex<[@Sendable (Result<String, any Error>) -> Void]>([])
    private let requestsMade: AsyncStream<String>.Continuation
    /// Each city the SDK was asked about, as the requests come in.
    let requests: AsyncStream<String>

    init() {
        (requests, requestsMade) = AsyncStream.makeStream()
    }

    func fetchReport(for city: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        waiting.withLock { $0.append(completion) }
        requestsMade.yield(city)
    }

    /// Answers every request made so far, on the SDK's queue.
    func answer(with result: Result<String, any Error>) {
        let completions = waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        for completion in completions {
            queue.async { completion(result) }
        }
    }
}

/// Returns once the screen (or the bridge) has asked the SDK for a report, and for which city.
func nextRequest(to sdk: FakeWeatherSDK) async -> String? {
    for await city in sdk.requests { return city }
    return nil
}

private let lisbon = "Lisbon\n21°, sunny\nWind 12 km/h"

@Test func theBridgeReturnsTheReport() async throws {
    let sdk = FakeWeatherSDK()
    async let report = sdk.report(for: "Lisbon")
    #expect(await nextRequest(to: sdk) == "Lisbon")
    sdk.answer(with: .success(lisbon))
    #expect(try await report == lisbon)
}

@Test func theBridgeThrowsTheSDKsError() async {
    let sdk = FakeWeatherSDK()
    let report = Task { try await sdk.report(for: "Lisbon") }
    _ = await nextRequest(to: sdk)
    sdk.answer(with: .failure(VendorError.offline))
    await #expect(throws: VendorError.offline) { try await report.value }
}

@Test func refreshShowsTheReportOnceItHasArrived() async {
    let sdk = FakeWeatherSDK()
    let screen = ForecastScreen(sdk: sdk)
    async let refresh: Void = screen.refresh(city: "Lisbon")
    #expect(await nextRequest(to: sdk) == "Lisbon")
    #expect(screen.status == "Loading…")
    #expect(screen.lines.isEmpty)
    sdk.answer(with: .success(lisbon))
    await refresh
    #expect(screen.lines == ["Lisbon", "21°, sunny", "Wind 12 km/h"], "refresh(city:) returned before the report was on screen")
    #expect(screen.status == "")
}

@Test func aFailedRefreshSaysSo() async {
    let sdk = FakeWeatherSDK()
    let screen = ForecastScreen(sdk: sdk)
    async let refresh: Void = screen.refresh(city: "Oslo")
    _ = await nextRequest(to: sdk)
    sdk.answer(with: .failure(VendorError.offline))
    await refresh
    #expect(screen.status == "No forecast for Oslo right now.")
    #expect(screen.lines.isEmpty)
}
