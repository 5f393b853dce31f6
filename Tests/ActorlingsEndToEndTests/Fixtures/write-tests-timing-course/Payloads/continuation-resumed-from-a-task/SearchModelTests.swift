import Testing
@testable import GatedSearch

// Each search is started, then the test lets the other tasks run "long enough" (Waiting.swift)
// before it answers: in the runtime's usual order the searches have reached the backend by then.

@Test func showsTheAnswerToASearch() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let search = Task { await model.search("blue") }
    await letOthersRun()
    backend.answer("blue", with: ["Blue Monk"])
    await search.value
    #expect(model.results == ["Blue Monk"])
}

@Test func anOlderAnswerArrivingLastIsNotShown() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let older = Task { await model.search("bl") }
    await letOthersRun()
    let latest = Task { await model.search("blue") }
    await letOthersRun()
    backend.answer("blue", with: ["Blue Monk"])
    await latest.value
    backend.answer("bl", with: ["Black Coffee"])
    await older.value
    #expect(model.results == ["Blue Monk"], "the answer to an older query replaced the latest one")
}
