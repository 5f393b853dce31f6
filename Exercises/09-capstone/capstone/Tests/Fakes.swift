import Dispatch
import Foundation
import InterleavingHarness
import Observation
import Synchronization

@testable import Capstone

/// The harness's moment (the server's answer, the deadline), named here so that a type of the
/// learner's own called `Moment` can't make the tests ambiguous.
typealias Moment = InterleavingHarness.Moment

// The fakes and helpers of the capstone's tests. Nothing in them sleeps or looks at a clock:
// the test decides when the server answers and when a deadline passes.

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// The error of a tile server that is down.
nonisolated struct ServerDown: Error {}

/// A tile server that answers when the test says so. Once the test has finished a tile, later
/// requests for it are answered at once. A request that is cancelled while it waits throws
/// `CancellationError`, as a real network request would.
nonisolated final class FakeTileServer: TileServer {
    private struct Request {
        let number: Int
        let tile: TileID
        let continuation: CheckedContinuation<[UInt8], any Error>
    }

    private struct State {
        var requested: [TileID] = []
        var waiting: [Request] = []
        var finished: Set<TileID> = []
        var outOfTime: Set<TileID> = []
        var cancelledNumbers: Set<Int> = []
        var cancelled: [TileID] = []
        var countWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var stoppedWaiting = false
        var issued = 0
    }

    private let state = Mutex(State())

    /// What the server sends for `tile`.
    static func data(of tile: TileID) -> [UInt8] {
        Array(tile.description.utf8)
    }

    /// Every tile the server was asked for, in order.
    var requested: [TileID] {
        state.withLock { $0.requested }
    }

    /// Whether a request for `tile` was cancelled while it waited for its answer.
    func wasCancelled(_ tile: TileID) -> Bool {
        state.withLock { $0.cancelled.contains(tile) }
    }

    func data(for tile: TileID) async throws -> [UInt8] {
        // The request's number, taken before it waits: the cancellation handler needs it.
        let number = state.withLock { state in
            state.issued += 1
            return state.issued
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // The request counts as asked for in the same step as it starts to wait (or is
                // answered): a test that saw it arrive can always fail or finish it.
                let (answer, arrived) = state.withLock { state -> (Result<[UInt8], any Error>?, [CheckedContinuation<Void, Never>]) in
                    state.requested.append(tile)
                    let count = state.requested.count
                    let arrived = state.countWaiters.filter { $0.count <= count }.map(\.continuation)
                    state.countWaiters.removeAll { $0.count <= count }
                    if state.cancelledNumbers.contains(number) {
                        state.cancelled.append(tile)
                        return (.failure(CancellationError()), arrived)
                    }
                    if state.outOfTime.contains(tile) {
                        return (.failure(TileError.timedOut(tile)), arrived)
                    }
                    if state.finished.contains(tile) {
                        return (.success(Self.data(of: tile)), arrived)
                    }
                    state.waiting.append(Request(number: number, tile: tile, continuation: continuation))
                    return (nil, arrived)
                }
                arrived.forEach { $0.resume() }
                if let answer {
                    continuation.resume(with: answer)
                }
            }
        } onCancel: {
            let request = state.withLock { state -> Request? in
                state.cancelledNumbers.insert(number)
                guard let index = state.waiting.firstIndex(where: { $0.number == number }) else {
                    return nil
                }
                state.cancelled.append(tile)
                return state.waiting.remove(at: index)
            }
            request?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Answers every request for these tiles, now and from now on.
    func finish(_ tiles: TileID...) {
        let answered = state.withLock { state in
            state.finished.formUnion(tiles)
            defer { state.waiting.removeAll { tiles.contains($0.tile) } }
            return state.waiting.filter { tiles.contains($0.tile) }
        }
        answered.forEach { $0.continuation.resume(returning: Self.data(of: $0.tile)) }
    }

    /// Ends every request for these tiles, now and from now on, with `TileError.timedOut`: the
    /// server's side of a deadline that has passed. A request that nobody cancelled ends too, so
    /// a test of a slow tile never hangs on it; whichever side notices first, the error is the
    /// same.
    func runOutOfTime(_ tiles: TileID...) {
        let ended = state.withLock { state in
            state.outOfTime.formUnion(tiles)
            defer { state.waiting.removeAll { tiles.contains($0.tile) } }
            return state.waiting.filter { tiles.contains($0.tile) }
        }
        ended.forEach { $0.continuation.resume(throwing: TileError.timedOut($0.tile)) }
    }

    /// Fails the requests for `tile` that wait now with `ServerDown`; later ones wait again.
    func fail(_ tile: TileID) {
        let failed = state.withLock { state in
            defer { state.waiting.removeAll { $0.tile == tile } }
            return state.waiting.filter { $0.tile == tile }
        }
        failed.forEach { $0.continuation.resume(throwing: ServerDown()) }
    }

    /// Returns once the server has been asked for `count` tiles in all.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                guard state.requested.count < count, !state.stoppedWaiting else { return true }
                state.countWaiters.append((count, continuation))
                return false
            }
            if done {
                continuation.resume()
            }
        }
    }

    /// From now on, `waitForRequests(_:)` returns whether or not the requests came.
    func stopWaiting() {
        let waiters = state.withLock { state in
            state.stoppedWaiting = true
            defer { state.countWaiters.removeAll() }
            return state.countWaiters.map(\.continuation)
        }
        waiters.forEach { $0.resume() }
    }
}

/// Deadlines the test controls: each one passes when the test opens the gate (at once, if it
/// is open already). The gate notes whether a wait for it was cancelled.
nonisolated final class DeadlineGate: Sendable {
    private struct State {
        var isOpen = false
        var nextNumber = 0
        var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
        var cancelledNumbers: Set<Int> = []
        var waited = 0
        var waitedWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var deadline: Deadline {
        Deadline { try await self.wait() }
    }

    /// How many times a task started to wait for this deadline.
    var waits: Int {
        state.withLock { $0.nextNumber }
    }

    /// Whether a task's wait for this deadline was cut short by its cancellation (a cancellation
    /// after the deadline passed cuts nothing short).
    var wasCancelled: Bool {
        state.withLock { !$0.cancelledNumbers.isEmpty }
    }

    /// Returns once tasks have started to wait for this deadline `count` times in all.
    func waitForWaits(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                guard state.waited < count else { return true }
                state.waitedWaiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    func open() {
        let waiting = state.withLock { state in
            state.isOpen = true
            defer { state.waiting.removeAll() }
            return Array(state.waiting.values)
        }
        waiting.forEach { $0.resume() }
    }

    private func wait() async throws {
        let number = state.withLock { state in
            state.nextNumber += 1
            return state.nextNumber
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // The wait counts as started in the same step as it waits (or ends): a test that
                // saw it start can cut it short.
                let (result, started) = state.withLock { state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    state.waited += 1
                    let started = state.waitedWaiters.filter { $0.count <= state.waited }.map(\.continuation)
                    state.waitedWaiters.removeAll { $0.count <= state.waited }
                    if state.cancelledNumbers.contains(number) { return (.failure(CancellationError()), started) }
                    if state.isOpen { return (.success(()), started) }
                    state.waiting[number] = continuation
                    return (nil, started)
                }
                started.forEach { $0.resume() }
                if let result {
                    continuation.resume(with: result)
                }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard !state.isOpen else { return nil }
                state.cancelledNumbers.insert(number)
                return state.waiting.removeValue(forKey: number)
            }
            continuation?.resume(throwing: CancellationError())
        }
    }
}

/// A moment the test waits for: `wait()` returns once someone called `fire()`, cancelled or not.
nonisolated final class Signal: Sendable {
    private struct State {
        var fired = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    var hasFired: Bool {
        state.withLock { $0.fired }
    }

    func fire() {
        let waiters = state.withLock { state in
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let fired = state.withLock { state in
                if !state.fired { state.waiters.append(waiter) }
                return state.fired
            }
            if fired { waiter.resume() }
        }
    }
}

/// A decoder that notes each tile it decodes, and the actor it was called on: `decode` is a
/// `nonisolated` async method, so it runs on its caller's actor, and `#isolation` names it.
nonisolated final class ProbedDecoder: TileDecoder {
    private let log = Mutex<[(tile: TileID, isolation: String)]>([])

    /// The tiles decoded so far, in order.
    var decoded: [TileID] {
        log.withLock { $0.map(\.tile) }
    }

    /// Where each tile was decoded.
    var decodedOn: [String] {
        log.withLock { $0.map(\.isolation) }
    }

    func decode(_ data: [UInt8], for tile: TileID) async throws -> MapTile {
        let isolation = describe(#isolation)
        log.withLock { $0.append((tile, isolation)) }
        return MapTile(id: tile, pixels: data.reversed())
    }
}

/// The tile the pipeline should produce for `tile`.
func decoded(_ tile: TileID) -> MapTile {
    MapTile(id: tile, pixels: FakeTileServer.data(of: tile).reversed())
}

/// No deadline: the cache's tests that are not about the deadline fetch without a timer.
let noDeadline: Deadline? = nil

/// Returns once `condition` is true. The model is `@Observable`: the condition is checked again
/// after each change of the state it reads, on the main actor, where that state changes.
func until(_ condition: @escaping () -> Bool) async {
    while !condition() {
        await withCheckedContinuation { (changed: CheckedContinuation<Void, Never>) in
            withObservationTracking {
                _ = condition()
            } onChange: {
                changed.resume()
            }
        }
    }
}

// How the cache's tests control the interleaving: a request starts *on the cache's actor*, so
// it runs without interruption until it stops at an `await`. `quiet(_:)` also needs the
// cache's actor, so once it has run, the request has got as far as it can go without the
// server. No sleeping, no guessing.

private func requestOnCache(
    _ tile: TileID, from cache: isolated TileCache,
    started: AsyncStream<Void>.Continuation
) async throws -> [UInt8] {
    started.yield()
    return try await cache.data(for: tile)
}

private func quiet(_ cache: isolated TileCache) {}

/// Starts a request for `tile`, and returns once it waits for the server or has its data.
func startRequest(_ tile: TileID, from cache: TileCache) async -> Task<[UInt8], any Error> {
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let request = Task { try await requestOnCache(tile, from: cache, started: startedContinuation) }
    for await _ in started { break }
    await quiet(cache)
    return request
}

// How the deadline's tests see that `withDeadline` returns *at once*: the race runs on an
// executor of the test's own, which runs one job at a time and says when it has nothing left to
// run. Once it is idle, everything the server's answer or the deadline set off has happened —
// no clock, no sleep. (An unstructured `Task {}` does not run on it: work moved out of the
// group is not waited for.)

/// Runs the jobs of the tasks that prefer it, one at a time on a thread of its own.
nonisolated final class StepExecutor: TaskExecutor {
    private struct State {
        var ready: [UnownedJob] = []
        var running = false
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    /// Wakes the executor's own thread (never a thread of the cooperative pool).
    private let wake = DispatchSemaphore(value: 0)

    init() {
        let thread = Thread { [self] in runJobs() }
        thread.name = "StepExecutor"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        state.withLock { $0.ready.append(job) }
        wake.signal()
    }

    /// Returns once the executor has run every job it was given, and the jobs those gave it.
    func idle() async {
        await withCheckedContinuation { (idle: CheckedContinuation<Void, Never>) in
            let isIdle = state.withLock { state in
                if state.ready.isEmpty && !state.running { return true }
                state.idleWaiters.append(idle)
                return false
            }
            if isIdle { idle.resume() }
        }
    }

    private func runJobs() {
        while true {
            let job = state.withLock { state -> UnownedJob? in
                guard !state.ready.isEmpty else { return nil }
                state.running = true
                return state.ready.removeFirst()
            }
            if let job {
                job.runSynchronously(on: asUnownedTaskExecutor())
                let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.running = false
                    guard state.ready.isEmpty else { return [] }
                    defer { state.idleWaiters = [] }
                    return state.idleWaiters
                }
                waiters.forEach { $0.resume() }
            } else {
                wake.wait()
            }
        }
    }
}

/// A call of `withDeadline` for one tile of a fake server, run on a ``StepExecutor``.
nonisolated struct Race: Sendable {
    /// The call: its value or error is `withDeadline`'s.
    let task: Task<[UInt8], any Error>
    private let ended = Signal()

    init(on executor: StepExecutor, deadline: Deadline, server: FakeTileServer, tile: TileID) {
        let ended = ended
        task = Task(executorPreference: executor) {
            defer { ended.fire() }
            return try await withDeadline(deadline, for: tile) { try await server.data(for: tile) }
        }
    }

    /// Whether `withDeadline` has returned or thrown.
    var hasEnded: Bool { ended.hasFired }
}

// How the cache's tests explore the interleavings: requests run in the schedule's order, not one
// at a time, so a request can reach the cache between another's steps.

/// A tile server that takes a while over each request (other requests may reach the cache
/// meanwhile), fails the first request of each of the `failing` tiles, and notes each step in the
/// trace a failing schedule shows. It sees a request that starts while another one for the same
/// tile is still in flight.
nonisolated final class SlowTileServer: TileServer {
    private struct Requests {
        var started: [TileID] = []
        var inFlight: [TileID: Int] = [:]
        var overlap: String?
    }

    private let requests = Mutex(Requests())
    let failing: Set<TileID>
    let names: [TileID: String]

    /// A server of the tiles `names` names, for the trace ("the summit").
    init(names: [TileID: String], failing: Set<TileID> = []) {
        self.names = names
        self.failing = failing
    }

    func name(of tile: TileID) -> String {
        names[tile] ?? "tile \(tile)"
    }

    /// How many times the cache fetched `tile`.
    func fetchCount(of tile: TileID) -> Int {
        requests.withLock { $0.started.count { $0 == tile } }
    }

    /// The first fetch that started while another one of its tile was in flight, if any.
    var overlap: String? {
        requests.withLock { $0.overlap }
    }

    func data(for tile: TileID) async throws -> [UInt8] {
        let attempt = requests.withLock { requests in
            requests.started.append(tile)
            let attempt = requests.started.count { $0 == tile }
            if requests.inFlight[tile, default: 0] > 0, requests.overlap == nil {
                requests.overlap = "fetch \(attempt) of \(name(of: tile)) started while another fetch of it was still in flight"
            }
            requests.inFlight[tile, default: 0] += 1
            return attempt
        }
        Interleavings.note("fetch \(attempt) of \(name(of: tile)) starts")
        await Interleavings.pause()
        requests.withLock { $0.inFlight[tile, default: 0] -= 1 }
        if attempt == 1, failing.contains(tile) {
            Interleavings.note("fetch \(attempt) of \(name(of: tile)) fails")
            throw ServerDown()
        }
        Interleavings.note("fetch \(attempt) of \(name(of: tile)) finishes")
        return FakeTileServer.data(of: tile)
    }
}

/// Which requests have had their answer, and whether it was an error, so that a request can
/// start once others have theirs: it waits without sleeping, and the schedule chooses when it
/// goes on.
nonisolated final class Answers: Sendable {
    typealias Condition = @Sendable ([String: Bool]) -> Bool

    private struct State {
        /// Whether each request that has its answer got an error.
        var failed: [String: Bool] = [:]
        var waiters: [(moment: Condition, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    func record(_ request: String, failed: Bool) {
        let ready = state.withLock { state in
            state.failed[request] = failed
            let failed = state.failed
            defer { state.waiters.removeAll { $0.moment(failed) } }
            return state.waiters.filter { $0.moment(failed) }.map(\.continuation)
        }
        ready.forEach { $0.resume() }
    }

    /// Returns once `moment` holds for the requests' answers.
    func wait(until moment: @escaping Condition) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard !moment(state.failed) else { return true }
                state.waiters.append((moment, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}
