import Testing

@testable import ActorlingsCore

@Suite("Parsing compiler diagnostics")
struct DiagnosticParserTests {
    @Test("A global-variable error keeps its group, id, location and notes")
    func globalVariable() throws {
        let diagnostics = DiagnosticParser.parse(try fixture("diagnostics-global-and-isolation.txt"))
        #expect(diagnostics.count == 2)
        let global = try #require(diagnostics.first)
        #expect(global.severity == .error)
        #expect(global.file == "bad.swift")
        #expect(global.line == 3)
        #expect(global.column == 5)
        #expect(global.message == "var 'counter' is not concurrency-safe because it is nonisolated global shared mutable state")
        #expect(global.group == "MutableGlobalVariable")
        #expect(global.identifier == "shared_mutable_state_decl")
        #expect(global.notes.count == 3)
        #expect(global.notes[1].message == "add '@MainActor' to make var 'counter' part of global actor 'MainActor'")
        #expect(global.documentationURL == "https://docs.swift.org/compiler/documentation/diagnostics/mutable-global-variable")
    }

    @Test("A diagnostic without a group still has its internal id")
    func noGroup() throws {
        let diagnostics = DiagnosticParser.parse(try fixture("diagnostics-global-and-isolation.txt"))
        let isolation = try #require(diagnostics.last)
        #expect(isolation.group == nil)
        #expect(isolation.identifier == "actor_isolated_non_self_reference")
        #expect(isolation.matches("actor_isolated_non_self_reference"))
        #expect(isolation.documentationURL == nil)
        #expect(isolation.notes.map(\.line) == [1])
    }

    @Test("Region-isolation errors and their notes")
    func sending() throws {
        let diagnostics = DiagnosticParser.parse(try fixture("diagnostics-sending.txt"))
        let error = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(error.group == "SendingRisksDataRace")
        #expect(error.displayMessage == "sending value of non-Sendable type '() async -> ()' risks causing data races [#SendingRisksDataRace]")
        #expect(error.notes.count == 2)
        #expect(error.notes[1].message == "access can happen concurrently")
    }

    @Test("Driver errors without a location, and paths with colons")
    func unusualLines() {
        let diagnostics = DiagnosticParser.parse(
            """
            error: unable to execute command: Killed
            <unknown>:0: error: unknown argument: '-frobnicate'
            /tmp/a:b/File.swift:10:2: warning: var 'x' was never mutated; consider changing to 'let' constant [#no-usage]
            """)
        #expect(diagnostics.map(\.severity) == [.error, .error, .warning])
        #expect(diagnostics[0].file == nil)
        #expect(diagnostics[1].file == nil)
        #expect(diagnostics[1].message == "unknown argument: '-frobnicate'")
        #expect(diagnostics[2].file == "/tmp/a:b/File.swift")
        #expect(diagnostics[2].line == 10)
        #expect(diagnostics[2].group == "no-usage")
    }

    @Test("Brackets inside a message are not mistaken for tags")
    func bracketsInMessage() {
        let diagnostics = DiagnosticParser.parse("f.swift:1:1: error: cannot convert value of type 'Int' to expected type '[String]'")
        #expect(diagnostics.first?.message == "cannot convert value of type 'Int' to expected type '[String]'")
        #expect(diagnostics.first?.identifier == nil)
    }

    @Test(
        "Group names become documentation page names",
        arguments: [
            ("SendingRisksDataRace", "sending-risks-data-race"),
            ("ActorIsolatedCall", "actor-isolated-call"),
            ("MutableGlobalVariable", "mutable-global-variable"),
            ("NonisolatedNonsendingByDefault", "nonisolated-nonsending-by-default"),
        ])
    func kebab(group: String, page: String) {
        #expect(Diagnostic.kebabCase(group) == page)
    }
}
