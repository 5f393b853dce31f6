import Testing
@testable import WriteAGatedTest

// This test module is built in main actor mode: every `@Test` runs on the main actor, and a
// `Task { }` it starts runs there too, one step at a time, whenever the test awaits.

// TODO: the search screen shipped bugs that testers saw only when answers came back in an
// unlucky order, and no test failed. SearchModel.swift is fixed now; the tests below don't
// protect it. Write tests that pass for it as it is and fail if any of those bugs comes back
// (the verdict describes each one). They must never depend on timing: decide the order in
// which the backend answers yourself.

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
