import Testing
@testable import WriteAGatedTest

// This test module is built in main actor mode: every `@Test` runs on the main actor, and a
// `Task { }` it starts runs there too, one step at a time, whenever the test awaits.

// Each test starts two searches, waits until both have reached the backend, and then decides
// the order of the answers: the order a slow network would pick only now and then.

@Test func showsTheAnswerToASearch() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)

    let search = Task { await model.search("blue") }
    await backend.waitForRequest("blue")
    #expect(model.isSearching)

    backend.answer("blue", with: ["Blue in Green", "Blue Monk"])
    await search.value
    #expect(model.results == ["Blue in Green", "Blue Monk"])
    #expect(!model.isSearching)
}

/// Starts a search for "bl" and then one for "blue", and returns once both are waiting.
func twoSearches(_ model: SearchModel, _ backend: GatedBackend) async -> (older: Task<Void, Never>, latest: Task<Void, Never>) {
    let older = Task { await model.search("bl") }
    await backend.waitForRequest("bl")
    let latest = Task { await model.search("blue") }
    await backend.waitForRequest("blue")
    return (older, latest)
}

@Test func theLatestAnswerIsShown() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let searches = await twoSearches(model, backend)

    backend.answer("bl", with: ["Black Coffee", "Blue Monk"])
    await searches.older.value
    backend.answer("blue", with: ["Blue Monk"])
    await searches.latest.value
    #expect(model.results == ["Blue Monk"])
    #expect(!model.isSearching)
    #expect(!model.failed)
}
