import InterleavingHarness
import Testing
@testable import GatedSearch

// The course's harness, imported by the learner's tests: the two searches run as child tasks
// of each schedule, and each is waited for at the backend before the answers are given.

@Test func anOlderAnswerArrivingLastIsNotShownInAnySchedule() async {
    await Interleavings.explore(schedules: 20) {
        let backend = GatedBackend()
        let model = await SearchModel(backend: backend)
        async let older: Void = model.search("bl")
        await backend.waitForRequest("bl")
        Interleavings.note("the older search reached the backend")
        async let latest: Void = model.search("blue")
        await backend.waitForRequest("blue")
        backend.answer("blue", with: ["Blue Monk"])
        await latest
        backend.answer("bl", with: ["Black Coffee"])
        await older
        let results = await model.results
        try Interleavings.check(results == ["Blue Monk"], "the answer to an older query replaced the latest one")
    }
}
