import Testing
@testable import GatedSearch

// This test module is built in main actor mode: every `@Test` runs on the main actor, and a
// `Task { }` it starts runs there too. Write tests that fail if an older query's answer, arriving
// last, replaces the latest one.

@Test func showsTheAnswerToASearch() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let search = Task { await model.search("blue") }
    await backend.waitForRequest("blue")
    backend.answer("blue", with: ["Blue Monk"])
    await search.value
    #expect(model.results == ["Blue Monk"])
}
