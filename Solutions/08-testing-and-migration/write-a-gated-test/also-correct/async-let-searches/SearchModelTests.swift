import Testing
@testable import WriteAGatedTest

// This test module is built in main actor mode: every `@Test` runs on the main actor, and a
// `Task { }` it starts runs there too, one step at a time, whenever the test awaits.

// Each test starts two searches as `async let` child tasks, waits until both have reached the
// backend, and then decides the order of the answers.

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

@Test func anOlderAnswerArrivingLastIsNotShown() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    async let older: Void = model.search("bl")
    await backend.waitForRequest("bl")
    async let latest: Void = model.search("blue")
    await backend.waitForRequest("blue")

    backend.answer("blue", with: ["Blue Monk"])
    await latest
    backend.answer("bl", with: ["Black Coffee", "Blue Monk"])
    await older
    #expect(model.results == ["Blue Monk"], "the answer to an older query replaced the latest one")
}

@Test func theSpinnerTurnsUntilTheLatestAnswerIsIn() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    async let older: Void = model.search("bl")
    await backend.waitForRequest("bl")
    async let latest: Void = model.search("blue")
    await backend.waitForRequest("blue")

    backend.answer("bl", with: ["Black Coffee", "Blue Monk"])
    await older
    #expect(model.isSearching, "the spinner stopped while the latest search was still running")
    #expect(model.results.isEmpty, "an older query's answer was shown")

    backend.answer("blue", with: ["Blue Monk"])
    await latest
    #expect(!model.isSearching)
    #expect(model.results == ["Blue Monk"])
}

@Test func anOlderFailureArrivingLastIsNotShown() async {
    let backend = GatedBackend()
    let model = SearchModel(backend: backend)
    async let older: Void = model.search("bl")
    await backend.waitForRequest("bl")
    async let latest: Void = model.search("blue")
    await backend.waitForRequest("blue")

    backend.answer("blue", with: ["Blue Monk"])
    await latest
    backend.fail("bl")
    await older
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
