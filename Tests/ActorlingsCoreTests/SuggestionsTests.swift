import ActorlingsCore
import Testing

@Suite("Did you mean")
struct SuggestionsTests {
    @Test(
        "Edit distance",
        arguments: [
            ("", "", 0),
            ("", "abc", 3),
            ("abc", "", 3),
            ("abc", "abc", 0),
            ("kitten", "sitting", 3),
            ("flaw", "lawn", 2),
            ("Swift", "swift", 1),
            ("café", "cafe", 1),
            ("cafe\u{301}", "café", 0),
            ("main-actr", "main-actor-mode", 6),
        ])
    func editDistance(a: String, b: String, expected: Int) {
        #expect(Suggestions.editDistance(a, b) == expected)
        #expect(Suggestions.editDistance(b, a) == expected)
    }

    let exercises = [
        "main-actor-mode", "opting-out", "sendable-values", "actor-reentrancy",
        "task-groups", "main-actor-isolation", "mutex", "task-cancellation",
    ]

    @Test("A typo finds the intended name")
    func typo() {
        #expect(Suggestions.closest(to: "main-actr-mode", among: exercises) == ["main-actor-mode"])
        #expect(Suggestions.closest(to: "mutx", among: exercises) == ["mutex"])
        #expect(Suggestions.closest(to: "sendible-valus", among: exercises) == ["sendable-values"])
    }

    @Test("Case does not matter, and candidates keep their spelling")
    func caseInsensitive() {
        #expect(Suggestions.closest(to: "MAIN-ACTOR-MODE", among: exercises).first == "main-actor-mode")
        #expect(Suggestions.closest(to: "mutex", among: ["Mutex"]) == ["Mutex"])
    }

    @Test("A name typed in part suggests the names that start with or contain it")
    func partialNames() {
        #expect(Suggestions.closest(to: "main", among: exercises) == ["main-actor-mode", "main-actor-isolation"])
        #expect(Suggestions.closest(to: "reentrancy", among: exercises) == ["actor-reentrancy"])
    }

    @Test("Best first, at most three")
    func ordering() {
        #expect(Suggestions.closest(to: "task", among: exercises) == ["task-groups", "task-cancellation"])
        let candidates = ["abcx", "abc", "xbcx", "abxx", "abcd"]
        #expect(Suggestions.closest(to: "abc", among: candidates) == ["abc", "abcd", "abcx"])
        #expect(Suggestions.closest(to: "tsak", among: ["tusk", "task", "tsak", "tsk"]) == ["tsak", "tsk", "task"])
    }

    @Test("Nothing close, nothing suggested")
    func nothingClose() {
        #expect(Suggestions.closest(to: "quantum", among: exercises).isEmpty)
        #expect(Suggestions.closest(to: "anything", among: []).isEmpty)
        #expect(Suggestions.closest(to: "", among: exercises).isEmpty)
    }

    @Test("The default distance grows with the input, and can be overridden")
    func maxDistance() {
        // 2 edits are always allowed; 13 characters allow 4.
        #expect(Suggestions.closest(to: "mtx", among: ["mutex"]) == ["mutex"])
        #expect(Suggestions.closest(to: "tsk-grp", among: ["task-groups"]).isEmpty)
        #expect(Suggestions.closest(to: "actr-rentrncy", among: ["actor-reentrancy"]) == ["actor-reentrancy"])
        #expect(Suggestions.closest(to: "mtx", among: ["mutex"], maxDistance: 1).isEmpty)
        #expect(Suggestions.closest(to: "tsk-grp", among: ["task-groups"], maxDistance: 4) == ["task-groups"])
    }

    @Test("The order of the candidates does not change the answer")
    func orderIndependent() {
        let forward = Suggestions.closest(to: "actor", among: exercises)
        #expect(forward == ["actor-reentrancy", "main-actor-mode", "main-actor-isolation"])
        #expect(Suggestions.closest(to: "actor", among: exercises.reversed()) == forward)
        let ties = ["mutexB", "mutexA", "Mutexc"]
        #expect(Suggestions.closest(to: "mutex", among: ties) == ["mutexA", "mutexB", "Mutexc"])
        #expect(Suggestions.closest(to: "mutex", among: ties.reversed()) == ["mutexA", "mutexB", "Mutexc"])
    }

    @Test("Duplicated candidates are suggested once")
    func duplicates() {
        #expect(Suggestions.closest(to: "mutx", among: ["mutex", "mutex"]) == ["mutex"])
    }
}
