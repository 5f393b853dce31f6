// Don't change this file: it is the code under test. A music app's search screen starts a
// search on every keystroke; answers come back from the network in any order.

/// The search service.
nonisolated protocol SearchBackend: Sendable {
    func results(for query: String) async throws -> [String]
}

/// The search screen's model. Only the answer to the latest query may be shown, whatever
/// order the answers arrive in; the spinner turns until that answer is in.
final class SearchModel {
    private(set) var results: [String] = []
    private(set) var isSearching = false
    private(set) var failed = false
    private let backend: any SearchBackend
    private var latest = 0

    init(backend: any SearchBackend) {
        self.backend = backend
    }

    func search(_ query: String) async {
        latest += 1
        let ticket = latest
        isSearching = true
        do {
            let found = try await backend.results(for: query)
            results = found
            failed = false
        } catch {
            guard ticket == latest else { return }
            failed = true
        }
        isSearching = false
    }
}
