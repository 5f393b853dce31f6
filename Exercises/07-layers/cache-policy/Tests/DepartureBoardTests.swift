import Synchronization
import Testing
@testable import CachePolicy

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// Identifies the task that runs the caller. A background refresh runs in a task of its own;
/// a refresh that `execute` awaits runs in its caller's task.
nonisolated func currentTaskID() -> Int? {
    withUnsafeCurrentTask { $0?.hashValue }
}

/// A fake transit API. It counts requests, can be offline, and can hold every request until
/// the test opens the gate. A request made in the task of the test's call (`callerTask`) is
/// not held but counted: holding it would hold the answer too, and the test would never end.
/// A held request whose task is cancelled fails at once, as a real request would.
nonisolated final class FakeTransit: TransitAPI {
    private struct State {
        var departures: [String]
        var offline: Bool
        var gated: Bool
        var requests = 0
        var callerTask: Int?
        var requestsInTheCallersTask = 0
        var held: [Int: CheckedContinuation<Bool, Never>] = [:]
        var cancelled: Set<Int> = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    init(_ departures: [String], offline: Bool = false, gated: Bool = false) {
        state = Mutex(State(departures: departures, offline: offline, gated: gated))
    }

    var requests: Int {
        state.withLock { $0.requests }
    }

    /// The task whose call of `execute` (or of the repository) the test watches.
    func watch(callerTask: Int?) {
        state.withLock { $0.callerTask = callerTask }
    }

    /// How many requests ran in the watched task, so that the answer waited for them.
    var requestsInTheCallersTask: Int {
        state.withLock { $0.requestsInTheCallersTask }
    }

    func departures(at stop: String) async throws(TransitError) -> [String] {
        let task = currentTaskID()
        let request = state.withLock { state in
            state.requests += 1
            return state.requests
        }
        let wasCancelled = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let (hold, cancelled, ready) = state.withLock { state in
                    let ready = state.waiters.filter { $0.count <= state.requests }.map(\.continuation)
                    state.waiters.removeAll { $0.count <= state.requests }
                    let inCallersTask = task != nil && task == state.callerTask
                    if inCallersTask { state.requestsInTheCallersTask += 1 }
                    let cancelled = state.cancelled.contains(request)
                    let hold = state.gated && !inCallersTask && !cancelled
                    if hold { state.held[request] = continuation }
                    return (hold, cancelled, ready)
                }
                ready.forEach { $0.resume() }
                if !hold { continuation.resume(returning: cancelled) }
            }
        } onCancel: {
            let held = state.withLock { state in
                state.cancelled.insert(request)
                return state.held.removeValue(forKey: request)
            }
            held?.resume(returning: true)
        }
        let (offline, departures) = state.withLock { ($0.offline, $0.departures) }
        if offline || wasCancelled { throw .offline }
        return departures
    }

    /// Lets the held requests, and every later one, through.
    func openTheGate() {
        let held = state.withLock { state in
            state.gated = false
            defer { state.held.removeAll() }
            return state.held.values
        }
        held.forEach { $0.resume(returning: false) }
    }

    /// Returns once the API has received `count` requests in all.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                guard state.requests < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}

private func makeRepository(_ transit: FakeTransit, cached: [String]? = nil) async -> DeparturesRepository {
    let cache = MemoryCache<[String]>()
    if let cached { await cache.store(cached, for: "Central") }
    return DeparturesRepository(api: transit, cache: cache)
}

private let fresh = ["7 Harbour 12:04", "12 Airport 12:06"]
private let freshBoard = [" 7 Harbour 12:04", "12 Airport 12:06"]

@Test func cacheFirstAnswersFromTheCache() async throws {
    let transit = FakeTransit(fresh)
    let repository = await makeRepository(transit, cached: ["old board"])
    #expect(try await repository.board(at: "Central", policy: .cacheFirst) == ["old board"])
    #expect(transit.requests == 0)
}

@Test func cacheFirstFetchesAndCachesOnAMiss() async throws {
    let transit = FakeTransit(fresh)
    let repository = await makeRepository(transit)
    #expect(try await repository.board(at: "Central", policy: .cacheFirst) == freshBoard)
    #expect(await repository.cache.value(for: "Central") == freshBoard)
    #expect(try await repository.board(at: "Central", policy: .cacheFirst) == freshBoard)
    #expect(transit.requests == 1)
}

@Test func networkFirstPrefersTheNetworkAndFallsBackWhenOffline() async throws {
    let online = await makeRepository(FakeTransit(fresh), cached: ["old board"])
    #expect(try await online.board(at: "Central", policy: .networkFirst) == freshBoard)
    #expect(await online.cache.value(for: "Central") == freshBoard)
    let offline = await makeRepository(FakeTransit([], offline: true), cached: ["old board"])
    #expect(try await offline.board(at: "Central", policy: .networkFirst) == ["old board"])
    let empty = await makeRepository(FakeTransit([], offline: true))
    await #expect(throws: TransitError.offline) { try await empty.board(at: "Central", policy: .networkFirst) }
}

@Test func cacheThenNetworkAnswersAtOnce() async throws {
    let transit = FakeTransit(fresh, gated: true)
    let repository = await makeRepository(transit, cached: ["old board"])
    // The API holds every request until the gate opens, and the gate opens only after the
    // answer: only a refresh in a task of its own can wait for it.
    transit.watch(callerTask: currentTaskID())
    #expect(try await repository.board(at: "Central", policy: .cacheThenNetwork) == ["old board"])
    #expect(transit.requestsInTheCallersTask == 0,
            "the cached board waited for the network: the refresh ran before the answer, in the caller's task")
    await transit.waitForRequests(1)
    transit.openTheGate()
}

@Test func cacheThenNetworkRefreshesTheCacheForNextTime() async throws {
    let transit = FakeTransit(fresh, gated: true)
    let (refresh, step) = AsyncStream.makeStream(of: String.self)
    transit.watch(callerTask: currentTaskID())
    let board = try await CachePolicyExecutor().execute(
        .cacheThenNetwork,
        fetch: { () async throws(TransitError) in
            do throws(TransitError) {
                let departures = try await transit.departures(at: "Central")
                step.yield("fetched")
                return departures
            } catch {
                step.yield("failed")
                throw error
            }
        },
        read: { ["old board"] },
        save: { step.yield("saved \($0)") }
    )
    #expect(board == ["old board"])
    #expect(transit.requestsInTheCallersTask == 0,
            "`execute` waited for the refresh before answering: the refresh ran in the caller's task")
    transit.openTheGate()
    var steps = refresh.makeAsyncIterator()
    #expect(await steps.next() == "fetched",
            "the refresh was cancelled: it should go on after `execute` has returned, and save what it fetched")
    #expect(await steps.next() == "saved \(fresh)", "the refresh should save what it fetched")
}

@Test func cacheThenNetworkFetchesWhenNothingIsCached() async throws {
    let repository = await makeRepository(FakeTransit(fresh))
    #expect(try await repository.board(at: "Central", policy: .cacheThenNetwork) == freshBoard)
    #expect(await repository.cache.value(for: "Central") == freshBoard)
}

@Test func aFailedRefreshKeepsTheCache() async throws {
    let transit = FakeTransit([], offline: true)
    let (saved, savedContinuation) = AsyncStream.makeStream(of: [String].self)
    let (attempts, attempted) = AsyncStream.makeStream(of: Void.self)
    let board = try await CachePolicyExecutor().execute(
        .cacheThenNetwork,
        fetch: { () async throws(TransitError) in
            defer { attempted.finish() }
            return try await transit.departures(at: "Central")
        },
        read: { ["old board"] },
        save: { savedContinuation.yield($0) }
    )
    #expect(board == ["old board"], "an offline refresh should not change the answer")
    for await _ in attempts {}  // the refresh has failed
    savedContinuation.finish()
    var refreshes = saved.makeAsyncIterator()
    #expect(await refreshes.next() == nil, "a failed refresh saved something")
}
