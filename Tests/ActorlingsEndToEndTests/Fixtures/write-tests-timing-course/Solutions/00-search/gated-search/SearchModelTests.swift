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
