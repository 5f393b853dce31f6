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
    await withDiscardingTaskGroup { group in group.addTask {} }  // the main actor is free meanwhile
    let latest = Task { await model.search("blue") }
    async let pause: Void = ()
    await pause
    return (older, latest)
}

@Test func anOlderAnswerArrivingLastIsNotShown() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let searches = await twoSearches(model, backend)

    backend.answer("blue", with: ["Blue Monk"])
    await searches.latest.value
    backend.answer("bl", with: ["Black Coffee", "Blue Monk"])
    await searches.older.value
    #expect(model.results == ["Blue Monk"], "the answer to an older query replaced the latest one")
}

@Test func theSpinnerTurnsUntilTheLatestAnswerIsIn() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let searches = await twoSearches(model, backend)

    backend.answer("bl", with: ["Black Coffee", "Blue Monk"])
    await searches.older.value
    #expect(model.isSearching, "the spinner stopped while the latest search was still running")
    #expect(model.results.isEmpty, "an older query's answer was shown")

    backend.answer("blue", with: ["Blue Monk"])
    await searches.latest.value
    #expect(!model.isSearching)
    #expect(model.results == ["Blue Monk"])
}

@Test func anOlderFailureArrivingLastIsNotShown() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    let searches = await twoSearches(model, backend)

    backend.answer("blue", with: ["Blue Monk"])
    await searches.latest.value
    backend.fail("bl")
    await searches.older.value
    #expect(!model.failed, "an older query's failure was shown after the latest search succeeded")
    #expect(model.results == ["Blue Monk"])
}

@Test func aSuccessClearsAnEarlierFailure() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)

    let failing = Task { await model.search("bl") }
    backend.fail("bl")
    await failing.value
    #expect(model.failed)

    let next = Task { await model.search("blue") }
    backend.answer("blue", with: ["Blue Monk"])
    await next.value
    #expect(!model.failed, "the error stayed on screen after a search succeeded")
}
