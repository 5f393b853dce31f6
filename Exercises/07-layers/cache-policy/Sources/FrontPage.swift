// A news app, built in main actor mode. The front page comes from the newsroom's API; a memory
// cache keeps the last one of each edition. How the two combine is the cache policy.

/// How a repository combines its memory cache with the network: the cached value if there is
/// one, else the network's (cache first); the network's, unless it fails (network first); the
/// cached value at once, while a refresh runs in the background (cache then network).
nonisolated enum CachePolicy: Sendable {
    case cacheFirst, networkFirst, cacheThenNetwork
}

/// Keeps the latest value of each key, for everyone who shares the cache.
actor MemoryCache<Value: Sendable> {
    private var values: [String: Value] = [:]

    func value(for key: String) -> Value? { values[key] }
    func store(_ value: Value, for key: String) { values[key] = value }
}

// TODO: for `.cacheThenNetwork`, the executor hands `fetch` and `save` to a task that runs
// on its own, and the compiler refuses: the caller might still use them while that task does.

/// Runs one request under a cache policy. It knows nothing about news: the closures do.
nonisolated struct CachePolicyExecutor: Sendable {
    func execute<Value: Sendable, Failure: Error>(
        _ policy: CachePolicy,
        fetch: @escaping () async throws(Failure) -> Value,
        read: () async -> Value?,
        save: @escaping (Value) async -> Void
    ) async throws(Failure) -> Value {
        switch policy {
        case .cacheFirst:
            if let cached = await read() { return cached }
        case .networkFirst:
            do {
                let fresh = try await fetch()
                await save(fresh)
                return fresh
            } catch {
                guard let cached = await read() else { throw error }
                return cached
            }
        case .cacheThenNetwork:
            if let cached = await read() {
                Task { if let fresh = try? await fetch() { await save(fresh) } }
                return cached
            }
        }
        let fresh = try await fetch()
        await save(fresh)
        return fresh
    }
}

nonisolated enum NewsError: Error, Equatable { case offline }

/// The newsroom's API. The app uses the network; the tests use a fake.
nonisolated protocol NewsAPI: Sendable {
    @concurrent func headlines(for edition: String) async throws(NewsError) -> [String]
}

/// Drops the stories listed in several sections. It remembers what it has seen: a class with
/// mutable state, not `Sendable`, and it doesn't need to be.
nonisolated final class DuplicateFilter {
    private var seen: Set<String> = []

    func unique(_ headlines: [String]) -> [String] {
        headlines.filter { seen.insert($0).inserted }
    }
}

nonisolated struct FrontPageRepository: Sendable {
    let api: any NewsAPI
    let cache: MemoryCache<[String]>
    let executor = CachePolicyExecutor()

    @concurrent func frontPage(of edition: String, policy: CachePolicy) async throws(NewsError) -> [String] {
        let filter = DuplicateFilter()
        return try await executor.execute(
            policy,
            fetch: { () async throws(NewsError) in filter.unique(try await api.headlines(for: edition)) },
            read: { await cache.value(for: edition) },
            save: { await cache.store($0, for: edition) }
        )
    }
}
