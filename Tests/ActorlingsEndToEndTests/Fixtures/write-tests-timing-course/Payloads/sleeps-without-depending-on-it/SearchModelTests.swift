import Testing
@testable import GatedSearch

// Each search is started and then waited for at the backend: the test decides the order of the
// answers, whatever order the jobs of the run go in.

@Test func showsTheAnswerToASearch() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let search = await startSearch("blue", model, backend)
    backend.answer("blue", with: ["Blue Monk"])
    await search.value
    #expect(model.results == ["Blue Monk"])
}

@Test func anOlderAnswerArrivingLastIsNotShown() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let older = await startSearch("bl", model, backend)
    let latest = await startSearch("blue", model, backend)
    backend.answer("blue", with: ["Blue Monk"])
    await latest.value
    backend.answer("bl", with: ["Black Coffee"])
    await older.value
    #expect(model.results == ["Blue Monk"], "the answer to an older query replaced the latest one")
}

/// A sleep the test does not depend on: the search is waited for at the backend all the same.
@Test func answersAfterAWhile() async throws {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let search = await startSearch("blue", model, backend)
    try await Task.sleep(for: .milliseconds(20))
    #expect(model.isSearching)
    backend.answer("blue", with: ["Blue Monk"])
    await search.value
    #expect(!model.isSearching)
}
