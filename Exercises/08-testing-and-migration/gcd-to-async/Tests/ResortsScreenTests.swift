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
        var answeringEveryone = false
    }

    private let queue = DispatchQueue(label: "fake-snow-vendor")
    private let state = Mutex(State())

    /// The resorts asked about so far, in the order the requests came in.
    var requests: [String] { state.withLock { $0.requests } }

    func fetchReport(for resort: String, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        let (ready, answerNow) = state.withLock { state in
            state.requests.append(resort)
            let ready = state.waiters.filter { $0.count <= state.requests.count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= state.requests.count }
            if !state.answeringEveryone { state.waiting[resort] = completion }
            return (ready, state.answeringEveryone)
        }
        ready.forEach { $0.resume() }
        if answerNow { queue.async { completion(.success("\(resort): fresh snow")) } }
    }

    /// From now on, answers every request at once, the waiting ones too.
    func answerEveryone() {
        let waiting = state.withLock { state in
            state.answeringEveryone = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for (resort, completion) in waiting {
            queue.async { completion(.success("\(resort): fresh snow")) }
        }
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

/// Runs the jobs of the task that prefers it (and of its child tasks) only when the test says
/// so, on the test's own thread; the refresh itself runs on the main actor, beside the test.
nonisolated final class StepExecutor: TaskExecutor {
    private let jobs = Mutex<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Runs jobs here and lets the main actor run, turn about, until `done()` holds, or for a
    /// few turns if it is nil: then the refresh has got as far as it can without answers.
    func run(until done: (() -> Bool)? = nil) async {
        var turns = 0
        while done.map({ !$0() }) ?? (turns < 10) {
            while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
            await Task.yield()
            turns += 1
        }
    }
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

private func refresh(_ screen: ResortsScreen, _ resorts: [String], thenSet returned: Returned) async {
    await screen.refresh(resorts)
    returned.value = true
}

@Test func refreshAsksForEveryResortAtOnce() async {
    let sdk = FakeSnowSDK()
    let screen = ResortsScreen(sdk: sdk)
    let returned = Returned()
    let steps = StepExecutor()
    let refreshing = Task(executorPreference: steps) {
        await refresh(screen, ["Zermatt", "Verbier", "Laax"], thenSet: returned)
    }
    // The fake answers nothing until the test says so: once nothing more can run, every
    // request must be waiting for its answer.
    await steps.run()
    guard sdk.requests.count == 3 else {
        Issue.record("refresh(_:) asked for \(sdk.requests.count) report(s) and waited for the answer: the requests should all go out at once")
        sdk.answerEveryone()
        await steps.run(until: { returned.value })
        return
    }
    #expect(Set(sdk.requests) == ["Zermatt", "Verbier", "Laax"])
    #expect(screen.isRefreshing)
    #expect(!returned.value, "refresh(_:) returned before the reports had arrived")
    sdk.answer("Laax", with: .success("Laax: 85 cm"))
    sdk.answer("Verbier", with: .success("Verbier: 60 cm"))
    sdk.answer("Zermatt", with: .success("Zermatt: 120 cm"))
    await steps.run(until: { returned.value })
    await refreshing.value
    #expect(screen.rows == ["Zermatt: 120 cm", "Verbier: 60 cm", "Laax: 85 cm"],
            "the rows should be every report, in the skier's order, once refresh(_:) returns")
    #expect(!screen.isRefreshing)
}

@Test func aResortWithoutAReportSaysSo() async {
    let sdk = FakeSnowSDK()
    let screen = ResortsScreen(sdk: sdk)
    let refreshing = Task { await screen.refresh(["Zermatt", "Verbier"]) }
    // Each request is answered as it comes in, whatever the order.
    for count in 1...2 {
        await sdk.waitForRequests(count)
        let resort = sdk.requests[count - 1]
        sdk.answer(resort, with: resort == "Verbier" ? .failure(VendorError.offline) : .success("Zermatt: 120 cm"))
    }
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
