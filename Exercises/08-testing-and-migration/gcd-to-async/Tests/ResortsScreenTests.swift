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
nonisolated final class FakeSnowSDK: SnowSDK {
    private struct State {
        var waiting: [String: @Sendable (Result<String, any Error>) -> Void] = [:]
        var requests: [String] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let queue = DispatchQueue(label: "fake-snow-vendor")
    private let state = Mutex(State())

    /// The resorts asked about so far, in the order the requests came in.
    var requests: [String] { state.withLock { $0.requests } }

    func fetchReport(for resort: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        let ready = state.withLock { state in
            state.waiting[resort] = completion
            state.requests.append(resort)
            let ready = state.waiters.filter { $0.count <= state.requests.count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= state.requests.count }
            return ready
        }
        ready.forEach { $0.resume() }
    }

    /// Answers the request for `resort`, on the SDK's queue.
    func answer(_ resort: String, with result: Result<String, any Error>) {
        let completion = state.withLock { $0.waiting.removeValue(forKey: resort) }
        queue.async { completion?(result) }
    }

    /// Returns once `count` requests have come in, all waiting for their answers.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                guard state.requests.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// Whether a refresh has returned, as the test sees it.
final class Returned {
    var value = false
}

@Test func theBridgeReturnsTheReport() async throws {
    let sdk = FakeSnowSDK()
    async let report = sdk.report(for: "Laax")
    await sdk.waitForRequests(1)
    sdk.answer("Laax", with: .success("Laax: 85 cm, all lifts open"))
    #expect(try await report == "Laax: 85 cm, all lifts open")
}

@Test func theBridgeThrowsTheSDKsError() async {
    let sdk = FakeSnowSDK()
    let report = Task { try await sdk.report(for: "Laax") }
    await sdk.waitForRequests(1)
    sdk.answer("Laax", with: .failure(VendorError.offline))
    await #expect(throws: VendorError.offline) { try await report.value }
}

@Test func refreshAsksForEveryResortAtOnce() async {
    let sdk = FakeSnowSDK()
    let screen = ResortsScreen(sdk: sdk)
    let returned = Returned()
    let refreshing = Task {
        await screen.refresh(["Zermatt", "Verbier", "Laax"])
        returned.value = true
    }
    // The fake answers nothing until the test says so: a refresh that waits for one report
    // before it asks for the next never gets past this line, and the test times out.
    await sdk.waitForRequests(3)
    #expect(Set(sdk.requests) == ["Zermatt", "Verbier", "Laax"])
    #expect(screen.isRefreshing)
    #expect(!returned.value, "refresh(_:) returned before the reports had arrived")
    sdk.answer("Laax", with: .success("Laax: 85 cm"))
    sdk.answer("Verbier", with: .success("Verbier: 60 cm"))
    sdk.answer("Zermatt", with: .success("Zermatt: 120 cm"))
    await refreshing.value
    #expect(screen.rows == ["Zermatt: 120 cm", "Verbier: 60 cm", "Laax: 85 cm"],
            "the rows should be every report, in the skier's order, once refresh(_:) returns")
    #expect(!screen.isRefreshing)
}

@Test func aResortWithoutAReportSaysSo() async {
    let sdk = FakeSnowSDK()
    let screen = ResortsScreen(sdk: sdk)
    let refreshing = Task { await screen.refresh(["Zermatt", "Verbier"]) }
    await sdk.waitForRequests(2)
    sdk.answer("Verbier", with: .failure(VendorError.offline))
    sdk.answer("Zermatt", with: .success("Zermatt: 120 cm"))
    await refreshing.value
    #expect(screen.rows == ["Zermatt: 120 cm", "Verbier: no report today"],
            "one resort without a report should not hide the others")
}

@Test func refreshingNothingShowsNothing() async {
    let screen = ResortsScreen(sdk: FakeSnowSDK())
    await screen.refresh([])
    #expect(screen.rows.isEmpty)
    #expect(!screen.isRefreshing)
}
