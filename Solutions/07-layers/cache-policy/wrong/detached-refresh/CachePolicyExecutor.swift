/// Runs one request under a cache policy. It knows nothing about transit: the closures do.
nonisolated struct CachePolicyExecutor: Sendable {
    /// Cache first: the cached value if there is one, else the network's. Network first: the
    /// network's, unless it fails. Cache then network: the cached value at once, while a
    /// refresh brings the cache up to date for next time. What the network returns is saved.
    func execute<Value: Sendable, Failure: Error>(
        _ policy: CachePolicy,
        fetch: sending @escaping () async throws(Failure) -> Value,
        read: () async -> Value?,
        save: sending @escaping (Value) async -> Void
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
                // A task of its own, so that the answer doesn't wait. It owns `fetch` and `save`:
                // they were sent, so no one else can call them meanwhile. A failure keeps the cache.
                Task.detached { if let fresh = try? await fetch() { await save(fresh) } }
                return cached
            }
        }
        let fresh = try await fetch()
        await save(fresh)
        return fresh
    }
}
