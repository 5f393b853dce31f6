import Synchronization
@testable import GatedSearch

// Don't change this file: it is the test double your tests use.

/// A search backend whose answers your test releases, one query at a time. A search waits in
/// `results(for:)` until the test calls `answer(_:with:)` or `fail(_:)` for its query.
nonisolated final class GatedBackend: SearchBackend {
    struct Offline: Error {}

    private struct State {
        var answers: [String: Result<[String], Offline>] = [:]
        var pending: [String: CheckedContinuation<Result<[String], Offline>, Never>] = [:]
        var arrived: Set<String> = []
        var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    }

    private let state = Mutex(State())

    func results(for query: String) async throws -> [String] {
        let answer = await withCheckedContinuation { continuation in
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.arrived.insert(query)
                if let answer = state.answers.removeValue(forKey: query) {
                    continuation.resume(returning: answer)
                } else {
                    state.pending[query] = continuation
                }
                return state.waiters.removeValue(forKey: query) ?? []
            }
            for waiter in waiters { waiter.resume() }
        }
        return try answer.get()
    }

    /// Returns once a search for `query` has reached the backend (at once if it already has).
    func waitForRequest(_ query: String) async {
        await withCheckedContinuation { continuation in
            let arrived = state.withLock { state in
                if !state.arrived.contains(query) { state.waiters[query, default: []].append(continuation) }
                return state.arrived.contains(query)
            }
            if arrived { continuation.resume() }
        }
    }

    /// Lets the search for `query` return `results`.
    func answer(_ query: String, with results: [String]) {
        release(query, .success(results))
    }

    /// Lets the search for `query` fail, as if the network were down.
    func fail(_ query: String) {
        release(query, .failure(Offline()))
    }

    private func release(_ query: String, _ answer: Result<[String], Offline>) {
        let pending = state.withLock { state in
            guard let continuation = state.pending.removeValue(forKey: query) else {
                state.answers[query] = answer
                return CheckedContinuation<Result<[String], Offline>, Never>?.none
            }
            return continuation
        }
        pending?.resume(returning: answer)
    }
}
