@testable import GatedSearch

/// Starts a search for `query` and returns once it has reached the backend.
func startSearch(_ query: String, _ model: SearchModel, _ backend: GatedBackend) async -> Task<Void, Never> {
    let search = Task { await model.search(query) }
    await backend.waitForRequest(query)
    return search
}
