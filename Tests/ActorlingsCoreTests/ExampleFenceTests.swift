import Testing

@testable import ActorlingsCore

/// The fence words of lesson blocks and knowledge-base examples that turn on diagnostics which
/// are off by default.
@Suite("Fence words for diagnostics that are off by default")
struct ExampleFenceTests {
    @Test(
        "Each word becomes its compiler flags",
        arguments: [
            ("warnings=ExplicitSendable", ["-Wwarning", "ExplicitSendable"]),
            ("strict-memory-safety", ["-strict-memory-safety"]),
            ("frontend=-disable-implicit-concurrency-module-import", ["-Xfrontend", "-disable-implicit-concurrency-module-import"]),
        ])
    func flags(word: String, flags: [String]) {
        let parsed = LessonBlock.blocks(in: "```swift \(word) warning=x\nlet a = 1\n```\n", lesson: "Lessons/Explanations/e.toml")
        #expect(parsed.problems.isEmpty)
        #expect(parsed.blocks.first?.extraFlags == flags)
    }

    @Test("A feature in migration mode is known by its name; a misspelled one is a problem")
    func migrate() {
        let good = LessonBlock.blocks(in: "```swift features=InferIsolatedConformances:migrate\nlet a = 1\n```\n", lesson: "L.md")
        #expect(good.problems.isEmpty)
        #expect(good.blocks.first?.settings.compilerFlags.contains("InferIsolatedConformances:migrate") == true)
        let bad = LessonBlock.blocks(in: "```swift features=InferIsolatedConformance:migrate\nlet a = 1\n```\n", lesson: "L.md")
        #expect(bad.problems.count == 1)
    }
}
