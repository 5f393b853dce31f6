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

@Suite("The knowledge base with the toolchain's catalog")
struct KnowledgeBaseCatalogTests {
    static let catalog = DiagnosticCatalog(entries: [
        .init(kind: .error, id: "regionbasedisolation_named_send_yields_race", format: "sending %0 risks causing data races"),
        .init(
            kind: .note, id: "regionbasedisolation_named_send_into_sending_param",
            format: "%select{%1 |}0%2 is passed as a 'sending' parameter; Uses in callee may race with later %1 uses"),
        .init(
            kind: .error, id: "regionbasedisolation_typed_use_after_sending",
            format: "Passing value of non-Sendable type %0 as a 'sending' argument risks causing races in between local and caller code"),
        .init(
            kind: .error, id: "non_sendable_param_in_override",
            format: "non-Sendable parameter type %0 cannot be sent from caller of superclass %kind1 into %2 override"),
    ])
    static let sendingEntry = Explanation(
        file: "Lessons/Explanations/sending.toml", title: "Sending risks a data race", summary: "s",
        ids: ["regionbasedisolation_named_send_yields_race", "regionbasedisolation_named_send_into_sending_param"], meaning: "m", fixes: ["f"],
        wrongFix: "w")
    static let knowledge = KnowledgeBase(entries: [sendingEntry, isolation], catalog: catalog)

    @Test("An entry gets its ids' shapes for free: a pasted message without an id finds it")
    func shapeFromCatalog() {
        let pasted = Self.knowledge.explanations(forText: "error: sending 'x' risks causing data races")
        #expect(pasted.first?.explanation == Self.sendingEntry)
    }

    @Test("A note pasted alone is recognised; pasted under its error, the error decides")
    func notes() {
        let alone = Self.knowledge.explanations(
            forText: "Feed.swift:9:5: note: task-isolated 'x' is passed as a 'sending' parameter; Uses in callee may race with later task-isolated uses")
        #expect(alone.count == 1)
        #expect(alone.first?.explanation == Self.sendingEntry)
        let bare = Self.knowledge.explanations(forText: "'x' is passed as a 'sending' parameter; Uses in callee may race with later task-isolated uses")
        #expect(bare.first?.explanation == Self.sendingEntry)
    }

    @Test("A concurrency diagnostic without an entry gets its family and the nearest entry")
    func unexplained() throws {
        let diagnostic = Diagnostic(
            severity: .error, message: "Passing value of non-Sendable type 'Feed' as a 'sending' argument risks causing races in between local and caller code")
        #expect(Self.knowledge.explanation(for: diagnostic) == nil)
        let answer = try #require(Self.knowledge.unexplained(diagnostic))
        #expect(answer.id == "regionbasedisolation_typed_use_after_sending")
        #expect(answer.family == "sending values between isolation domains (regions)")
        #expect(answer.nearest == Self.sendingEntry)
        #expect(Self.knowledge.unexplained(Diagnostic(severity: .error, message: "cannot find 'x' in scope")) == nil)
    }

    @Test("Concurrency is decided by the catalog (id, else shape), never by loose words")
    func concurrency() {
        let path = Diagnostic(severity: .error, message: "no such file '/tmp/actorlings-explain/Actor.swift'")
        #expect(!Self.knowledge.isConcurrency(path))
        let grouped = Diagnostic(severity: .warning, message: "variable 'x' was never used", group: "UnusedVariable", identifier: "variable_never_used")
        #expect(!Self.knowledge.isConcurrency(grouped))
        let known = Diagnostic(severity: .error, message: "anything", identifier: "non_sendable_param_in_override")
        #expect(Self.knowledge.isConcurrency(known))
    }
}
