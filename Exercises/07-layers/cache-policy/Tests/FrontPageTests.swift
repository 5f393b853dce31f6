import Synchronization
import Testing
@testable import CachePolicy

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// Identifies the task that runs the caller. A background refresh runs in a task of its own;
/// a refresh that `execute` awaits runs in its caller's task.
nonisolated func currentTaskID() -> Int? {
    withUnsafeCurrentTask { $0?.hashValue }
}

/// A fake newsroom. It counts requests, can be offline, and can hold every request until
/// the test opens the gate. A request made in the task of the test's call (`callerTask`) is
/// not held but counted: holding it would hold the answer too, and the test would never end.
nonisolated final class FakeNewsroom: NewsAPI {
    private struct State {
        var headlines: [String]
        var offline: Bool
        var gated: Bool
        var requests = 0
        var callerTask: Int?
        var requestsInTheCallersTask = 0
        var held: [CheckedContinuation<Void, Never>] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    init(_ headlines: [String], offline: Bool = false, gated: Bool = false) {
        state = Mutex(State(headlines: headlines, offline: offline, gated: gated))
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

    func headlines(for edition: String) async throws(NewsError) -> [String] {
        let task = currentTaskID()
        await withCheckedContinuation { continuation in
            let (hold, ready) = state.withLock { state in
                state.requests += 1
                let ready = state.waiters.filter { $0.count <= state.requests }.map(\.continuation)
                state.waiters.removeAll { $0.count <= state.requests }
                let inCallersTask = task != nil && task == state.callerTask
                if inCallersTask { state.requestsInTheCallersTask += 1 }
                let hold = state.gated && !inCallersTask
                if hold { state.held.append(continuation) }
                return (hold, ready)
            }
            ready.forEach { $0.resume() }
            if !hold { continuation.resume() }
        }
        let (offline, headlines) = state.withLock { ($0.offline, $0.headlines) }
        if offline { throw .offline }
        return headlines
    }

    /// Lets the held requests, and every later one, through.
    func openTheGate() {
        let held = state.withLock { state in
            state.gated = false
            defer { state.held.removeAll() }
            return state.held
        }
        held.forEach { $0.resume() }
    }

    /// Returns once the newsroom has received `count` requests in all.
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

private func makeRepository(_ newsroom: FakeNewsroom, cached: [String]? = nil) async -> FrontPageRepository {
    let cache = MemoryCache<[String]>()
    if let cached { await cache.store(cached, for: "world") }
    return FrontPageRepository(api: newsroom, cache: cache)
}

@Test func cacheFirstAnswersFromTheCache() async throws {
    let newsroom = FakeNewsroom(["Fresh news"])
    let repository = await makeRepository(newsroom, cached: ["Old news"])
    #expect(try await repository.frontPage(of: "world", policy: .cacheFirst) == ["Old news"])
    #expect(newsroom.requests == 0)
}

@Test func cacheFirstFetchesAndCachesOnAMiss() async throws {
    let newsroom = FakeNewsroom(["Fresh news", "Sports", "Fresh news"])
    let repository = await makeRepository(newsroom)
    #expect(try await repository.frontPage(of: "world", policy: .cacheFirst) == ["Fresh news", "Sports"])
    #expect(await repository.cache.value(for: "world") == ["Fresh news", "Sports"])
    #expect(try await repository.frontPage(of: "world", policy: .cacheFirst) == ["Fresh news", "Sports"])
    #expect(newsroom.requests == 1)
}

@Test func networkFirstPrefersFreshNews() async throws {
    let newsroom = FakeNewsroom(["Fresh news"])
    let repository = await makeRepository(newsroom, cached: ["Old news"])
    #expect(try await repository.frontPage(of: "world", policy: .networkFirst) == ["Fresh news"])
    #expect(await repository.cache.value(for: "world") == ["Fresh news"])
}

@Test func networkFirstFallsBackToTheCacheWhenOffline() async throws {
    let repository = await makeRepository(FakeNewsroom([], offline: true), cached: ["Old news"])
    #expect(try await repository.frontPage(of: "world", policy: .networkFirst) == ["Old news"])
    let empty = await makeRepository(FakeNewsroom([], offline: true))
    await #expect(throws: NewsError.offline) { try await empty.frontPage(of: "world", policy: .networkFirst) }
}

@Test func cacheThenNetworkAnswersAtOnce() async throws {
    let newsroom = FakeNewsroom(["Fresh news"], gated: true)
    let repository = await makeRepository(newsroom, cached: ["Old news"])
    // The newsroom holds every request until the gate opens, and the gate opens only after
    // the answer: only a refresh in a task of its own can wait for it.
    newsroom.watch(callerTask: currentTaskID())
    #expect(try await repository.frontPage(of: "world", policy: .cacheThenNetwork) == ["Old news"])
    #expect(newsroom.requestsInTheCallersTask == 0,
            "the cached answer waited for the network: the refresh was awaited instead of started in a task of its own")
    await newsroom.waitForRequests(1)
    newsroom.openTheGate()
}

@Test func cacheThenNetworkFetchesWhenNothingIsCached() async throws {
    let repository = await makeRepository(FakeNewsroom(["Fresh news"]))
    #expect(try await repository.frontPage(of: "world", policy: .cacheThenNetwork) == ["Fresh news"])
    #expect(await repository.cache.value(for: "world") == ["Fresh news"])
}

@Test func cacheThenNetworkRefreshesTheCacheInTheBackground() async throws {
    let newsroom = FakeNewsroom(["Fresh news"], gated: true)
    let (saved, savedContinuation) = AsyncStream.makeStream(of: [String].self)
    newsroom.watch(callerTask: currentTaskID())
    let page = try await CachePolicyExecutor().execute(
        .cacheThenNetwork,
        fetch: { () async throws(NewsError) in try await newsroom.headlines(for: "world") },
        read: { ["Old news"] },
        save: { savedContinuation.yield($0) }
    )
    #expect(page == ["Old news"])
    #expect(newsroom.requestsInTheCallersTask == 0,
            "`execute` awaited the refresh before answering: start it in a task of its own")
    newsroom.openTheGate()
    var refreshes = saved.makeAsyncIterator()
    #expect(await refreshes.next() == ["Fresh news"], "the background refresh should save what it fetched")
}
