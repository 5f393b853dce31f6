import Testing

@testable import ActorlingsCore

private let isolation = Explanation(
    file: "Lessons/Explanations/actor-isolated.toml", title: "Actor-isolated declaration used outside its actor",
    summary: "This code runs outside the actor that owns the value.", groups: [], ids: ["actor_isolated_non_self_reference"],
    patterns: ["* actor-isolated property 'x' can not be referenced from *", "* actor-isolated * can not be * from *"],
    meaning: "m", fixes: ["f"], wrongFix: "w", lesson: "01-single-threaded#isolated-to-the-main-actor", exercises: ["main-actor-mode"])
private let call = Explanation(
    file: "Lessons/Explanations/actor-isolated-call.toml", title: "Call to an actor-isolated function from a synchronous context",
    summary: "s", groups: ["ActorIsolatedCall"], meaning: "m", fixes: ["f"], wrongFix: "w")
private let sending = Explanation(
    file: "Lessons/Explanations/sending.toml", title: "Sending risks a data race", summary: "s",
    groups: ["SendingRisksDataRace"], patterns: ["sending * risks causing data races"], meaning: "m", fixes: ["f"], wrongFix: "w")
private let continuation = Explanation(
    file: "Lessons/Explanations/leaked-continuation.toml", title: "A continuation was never resumed", summary: "s",
    patterns: ["swift task continuation misuse: * leaked its continuation*"], meaning: "m", fixes: ["f"], wrongFix: "w", runtime: true)
private let knowledge = KnowledgeBase(entries: [isolation, call, sending, continuation])

@Suite("The diagnostic knowledge base")
struct KnowledgeBaseTests {
    @Test("Ids beat groups, groups beat patterns, longer patterns beat shorter ones")
    func precedence() {
        let byID = Diagnostic(severity: .error, message: "anything", group: "ActorIsolatedCall", identifier: "actor_isolated_non_self_reference")
        #expect(knowledge.explanation(for: byID) == isolation)
        let byGroup = Diagnostic(
            severity: .error, message: "call to main actor-isolated instance method 'f()' in a synchronous nonisolated context", group: "ActorIsolatedCall")
        #expect(knowledge.explanation(for: byGroup) == call)
        #expect(
            KnowledgeBase.match(
                isolation, Diagnostic(severity: .error, message: "main actor-isolated property 'photos' can not be referenced from a nonisolated context"))
                == .pattern(length: "* actor-isolated property '' can not be referenced from *".count))
    }

    @Test(
        "Quoted names never decide a match",
        arguments: [
            "main actor-isolated property 'photos' can not be referenced from a nonisolated context",
            "Main actor-isolated property 'feed.items' can not be referenced from a Sendable closure",
            "actor-isolated property 'balance' can not be mutated from a nonisolated context",
        ])
    func quotedNames(message: String) {
        #expect(knowledge.explanation(for: Diagnostic(severity: .error, message: message)) == isolation)
    }

    @Test("Pasted text: compiler lines, bare messages, group names and run-time reports")
    func pasted() {
        let lines = knowledge.explanations(
            forText: """
                Feed.swift:12:9: error: sending 'photos' risks causing data races [#SendingRisksDataRace]
                Feed.swift:12:9: note: 'photos' is passed as a 'sending' parameter
                """)
        #expect(lines.count == 1)
        #expect(lines.first?.explanation == sending)
        #expect(knowledge.explanations(forText: "sending 'x' risks causing data races").first?.explanation == sending)
        #expect(knowledge.explanations(forText: "#SendingRisksDataRace").first?.explanation == sending)
        #expect(knowledge.explanations(forText: "ActorIsolatedCall").first?.explanation == call)
        #expect(
            knowledge.explanations(forText: "ActorIsolatedCall").first?.diagnostic.documentationURL
                == "https://docs.swift.org/compiler/documentation/diagnostics/actor-isolated-call")
        let report = """
            ◇ Test loads() started.
            SWIFT TASK CONTINUATION MISUSE: load() leaked its continuation without resuming it. This may cause tasks waiting on it to remain suspended forever.
            """
        #expect(knowledge.explanations(forText: report).first?.explanation == continuation)
        #expect(knowledge.explanations(forText: "cannot convert value of type 'Int' to 'String'").first?.explanation == nil)
    }

    @Test(
        "Glob patterns",
        arguments: [
            ("a*c", "abc", true), ("a*c", "ac", true), ("a*c", "abd", false), ("*b*", "abc", true),
            ("abc", "abc", true), ("abc", "abcd", false), ("a*b*c", "axxbyyc", true), ("a*b*c", "axxcyyb", false),
        ])
    func globs(pattern: String, text: String, matches: Bool) {
        #expect(MessagePattern.matches(pattern, text) == matches)
    }

    @Test("Loading reports each problem with its file, line and key")
    func loading() {
        let files = InMemoryCourseFiles([
            "Lessons/Explanations/good.toml": """
            title = "T"
            summary = "S"
            groups = ["ActorIsolatedCall"]
            meaning = "M"
            fixes = ["F"]
            wrong-fix = "W"
            runtime = false
            """,
            "Lessons/Explanations/bad.toml": """
            title = "T"
            summary = "S"
            groups = ["#ActorIsolatedCall"]
            meening = "M"
            fixes = []
            wrong-fix = "W"
            """,
            "Lessons/Explanations/nothing-to-match.toml": "title = \"T\"\nsummary = \"S\"\nmeaning = \"M\"\nfixes = [\"F\"]\nwrong-fix = \"W\"\n",
        ])
        do {
            _ = try ExplanationLoader(files: files).load()
            Issue.record("expected problems")
        } catch let error as CourseLoadError {
            let messages = error.problems.map(\.description)
            #expect(messages.contains("Lessons/Explanations/bad.toml:4: 'meening': unknown key; did you mean 'meaning'?"))
            #expect(messages.contains { $0.contains("bad.toml:3: 'groups': write the group without '#'") })
            #expect(messages.contains { $0.contains("bad.toml:5: 'fixes': give at least one fix") })
            #expect(messages.contains { $0.contains("nothing-to-match.toml:1: give at least one of `groups`, `ids` or `patterns`") })
            #expect(!messages.contains { $0.contains("good.toml") })
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("Verdicts show the meaning and the lesson under a diagnostic")
    func verdictLine() {
        var renderer = VerdictRenderer(palette: .plain) { _ in nil }
        renderer.knowledge = knowledge
        let lines = renderer.renderDiagnostic(
            Diagnostic(
                severity: .error, file: "F.swift", line: 3, column: 1,
                message: "main actor-isolated property 'p' can not be referenced from a nonisolated context", identifier: "actor_isolated_non_self_reference"))
        #expect(lines.contains("  = meaning: This code runs outside the actor that owns the value."))
        #expect(lines.contains("  = lesson: Lessons/01-single-threaded.md#isolated-to-the-main-actor"))
    }
}
