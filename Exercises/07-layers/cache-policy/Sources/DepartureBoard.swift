// A transit app, built in main actor mode: the departures board of a stop. This file is the
// rest of its data layer: not yours to change. The cache policy is in CachePolicyExecutor.swift.

nonisolated enum CachePolicy: Sendable { case cacheFirst, networkFirst, cacheThenNetwork }

actor MemoryCache<Value: Sendable> {
    private var values: [String: Value] = [:]
    func value(for key: String) -> Value? { values[key] }
    func store(_ value: Value, for key: String) { values[key] = value }
}

nonisolated enum TransitError: Error, Equatable { case offline }

/// The transit authority's API: the next departures at a stop, such as "7 Harbour 12:04".
nonisolated protocol TransitAPI: Sendable {
    @concurrent func departures(at stop: String) async throws(TransitError) -> [String]
}

/// Lines up the line numbers. It keeps the widest it has seen: a class with mutable state,
/// not `Sendable`, and it doesn't need to be.
nonisolated final class BoardFormatter {
    private var width = 0

    func lines(_ departures: [String]) -> [String] {
        let numbers = departures.map { $0.prefix { $0 != " " } }
        width = numbers.reduce(width) { max($0, $1.count) }
        return zip(numbers, departures).map { String(repeating: " ", count: width - $0.count) + $1 }
    }
}

nonisolated struct DeparturesRepository: Sendable {
    let api: any TransitAPI
    let cache: MemoryCache<[String]>

    @concurrent func board(at stop: String, policy: CachePolicy) async throws(TransitError) -> [String] {
        let formatter = BoardFormatter()
        return try await CachePolicyExecutor().execute(
            policy,
            fetch: { () async throws(TransitError) in formatter.lines(try await api.departures(at: stop)) },
            read: { await cache.value(for: stop) },
            save: { await cache.store($0, for: stop) })
    }
}
