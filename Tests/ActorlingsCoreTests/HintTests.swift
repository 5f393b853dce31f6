import Testing

@testable import ActorlingsCore

/// An exercise whose tests are the real ones behind `diagnostics-tests-broken-by-api-change.txt`.
private func greeter(verdictHints: [VerdictHint] = sampleHints, ladder: [String] = ["Look at the queue.", "Make it an actor.", "`actor Queue`."]) -> Exercise {
    var exercise = Exercise(
        id: "greeter", title: "Greeter", stepNumber: 0, section: "greeter", files: ["Greeter.swift"],
        testFiles: ["GreeterTests.swift"], settings: CompilerSettings(), expectedFailure: .compile(diagnostic: "ActorIsolatedCall", message: nil),
        forbidden: [], hints: ladder, afterPass: "Run `actorlings list` to see where you stand.", timeLimit: .seconds(10), points: 1,
        directory: "Exercises/00-basics/greeter", solutionDirectory: "Solutions/00-basics/greeter")
    exercise.verdictHints = verdictHints
    return exercise
}

private let sampleHints = [
    VerdictHint(diagnostic: "ActorIsolatedCall", text: "The call crosses to the main actor: await it."),
    VerdictHint(diagnostic: "SendingRisksDataRace", message: "risks causing data races", text: "Send a copy, not the original."),
    VerdictHint(tests: ["keepsOrder()"], text: "Two saves ran at once: keep them in order."),
    VerdictHint(outcome: "timed-out", text: "A continuation is never resumed."),
]

private let isolationError = Diagnostic(
    severity: .error, file: "Exercises/00-basics/greeter/Sources/Greeter.swift", line: 12, column: 9,
    message: "call to main actor-isolated instance method 'save()' in a synchronous nonisolated context", group: "ActorIsolatedCall",
    identifier: "actor_isolated_call")
private let sendingError = Diagnostic(
    severity: .error, file: "Exercises/00-basics/greeter/Sources/Greeter.swift", line: 20, column: 5,
    message: "sending 'draft' risks causing data races", group: "SendingRisksDataRace", identifier: "regionbasedisolation_named_transfer")

private func realBrokenTests() throws -> [Diagnostic] {
    DiagnosticParser.parse(try fixture("diagnostics-tests-broken-by-api-change.txt"))
}

@Suite("Hints that follow the learner's code")
struct HintTests {
    @Test(
        "A hint is chosen by the verdict's diagnostics, failing tests or outcome",
        arguments: [
            (VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError]), [0]),
            (VerdictFacts(outcome: "compile-failed", diagnostics: [sendingError, isolationError]), [0, 1]),
            // The compiler's internal id matches as well as the group.
            (
                VerdictFacts(
                    outcome: "compile-failed",
                    diagnostics: [Diagnostic(severity: .error, message: "y risks causing data races", identifier: "SendingRisksDataRace")]), [1]
            ),
            (VerdictFacts(outcome: "tests-failed", failingTests: ["keepsOrder()"]), [2]),
            (VerdictFacts(outcome: "tests-failed", failingTests: ["other()"]), []),
            (VerdictFacts(outcome: "timed-out", failingTests: ["keepsOrder()"]), [2, 3]),
            (VerdictFacts(outcome: "crashed"), []),
        ] as [(VerdictFacts, [Int])])
    func matching(facts: VerdictFacts, expected: [Int]) {
        #expect(HintChooser.matches(sampleHints, facts: facts).map(\.index) == expected)
    }

    @Test(
        "dev check finds the hints that neither the shipped verdict nor a wrong fix's would show",
        arguments: [
            ([VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError])], [1, 2, 3]),
            (
                [
                    VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError]),
                    VerdictFacts(outcome: "tests-failed", failingTests: ["keepsOrder()"]),
                ], [1, 3]
            ),
            (
                [
                    VerdictFacts(outcome: "compile-failed", diagnostics: [sendingError]),
                    VerdictFacts(outcome: "timed-out", failingTests: ["keepsOrder()"]),
                    VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError]),
                ], []
            ),
            ([VerdictFacts(outcome: "passed")], [0, 1, 2, 3]),
            ([], [0, 1, 2, 3]),
        ] as [([VerdictFacts], [Int])])
    func coverage(verdicts: [VerdictFacts], unmatched: [Int]) {
        #expect(HintCoverage.unmatched(sampleHints, verdicts: verdicts) == unmatched)
    }

    @Test("An unmatched hint is named by its number and its conditions, with what to do")
    func coverageProblem() {
        let hint = VerdictHint(message: "risks causing data races", tests: ["keepsOrder()", "mutant: late"], text: "t")
        #expect(
            HintCoverage.problem(hint, index: 2)
                == "`[[when]]` #3 (message = \"risks causing data races\", tests = [\"keepsOrder()\", \"mutant: late\"]) matches neither "
                + "the shipped exercise's verdict nor any wrong fix's: add the wrong fix it is written for to the corpus, or correct its condition")
    }

    @Test("Message and diagnostic must hold for the same diagnostic")
    func sameDiagnostic() {
        let hint = VerdictHint(diagnostic: "SendingRisksDataRace", message: "main actor", text: "t")
        var other = sendingError
        other.message = "sending value risks causing data races"
        #expect(HintChooser.matches([hint], facts: VerdictFacts(outcome: "compile-failed", diagnostics: [other, isolationError])).isEmpty)
        other.message = "sending main actor-isolated 'x' risks causing data races"
        #expect(HintChooser.matches([hint], facts: VerdictFacts(outcome: "compile-failed", diagnostics: [other])).count == 1)
    }

    @Test(
        "Each ask shows something new: a verdict hint not seen yet, else the next rung of the ladder",
        arguments: [
            // (facts, state before, ladder shown after, verdict hints seen after)
            (nil, HintChooser.State(), 1, []),
            (VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError]), HintChooser.State(), 0, [0]),
            (VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError]), HintChooser.State(verdictHintsSeen: [0]), 1, [0]),
            (VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError]), HintChooser.State(ladderShown: 3, verdictHintsSeen: [0]), 3, [0]),
            (VerdictFacts(outcome: "crashed"), HintChooser.State(ladderShown: 1), 2, []),
        ] as [(VerdictFacts?, HintChooser.State, Int, Set<Int>)])
    func asking(facts: VerdictFacts?, before: HintChooser.State, ladder: Int, seen: Set<Int>) {
        let (selection, after) = HintChooser.next(for: greeter(), facts: facts, state: before)
        #expect(after == HintChooser.State(ladderShown: ladder, verdictHintsSeen: seen))
        #expect(selection.ladderShown == ladder)
    }

    @Test("The first ask with errors in the tests explains them before the ladder")
    func brokenTestsFirst() throws {
        let facts = VerdictFacts(outcome: "compile-failed", diagnostics: try realBrokenTests())
        let (selection, state) = HintChooser.next(for: greeter(verdictHints: []), facts: facts, state: HintChooser.State())
        #expect(state.ladderShown == 0)
        #expect(selection.brokenTests.count == 4)
    }

    @Test("Errors in test files and in #expect expansions map back to the test lines, from real compiler output")
    func testBreakage() throws {
        let locations = TestBreakage.locations(in: try realBrokenTests(), exercise: greeter())
        let file = "Exercises/00-basics/greeter/Tests/GreeterTests.swift"
        #expect(locations.map(\.file) == [file, file, file, file])
        #expect(locations.map(\.line) == [5, 9, 14, 13])
        #expect(locations.map(\.macro) == [nil, "expect", nil, "expect"])
        #expect(locations[1].message.contains("main actor-isolated global function 'count()'"))
    }

    @Test(
        "A macro buffer's name encodes the test file and the zero-based line and column of the use",
        arguments: [
            ("/tmp/swift-generated-sources/@__swiftmacro_12GreeterTests0023GreeterTestsswift_elFCffMX8_4_6expectfMf_.swift", 9, 5, "expect"),
            ("/tmp/swift-generated-sources/@__swiftmacro_12GreeterTests0023GreeterTestsswift_elFCffMX12_4_7requirefMf_.swift", 13, 5, "require"),
        ])
    func bufferNames(path: String, line: Int, column: Int, macro: String) throws {
        let decoded = try #require(TestBreakage.decodeBufferName(path, testPaths: ["Exercises/00-basics/greeter/Tests/GreeterTests.swift"]))
        #expect(decoded.file == "Exercises/00-basics/greeter/Tests/GreeterTests.swift")
        #expect(decoded.line == line)
        #expect(decoded.column == column)
        #expect(decoded.macro == macro)
        #expect(TestBreakage.decodeBufferName(path, testPaths: ["Exercises/00-basics/greeter/Tests/OtherTests.swift"]) == nil)
    }

    @Test("An error in the learner's own file is not a broken test")
    func ownFile() {
        #expect(TestBreakage.locations(in: [isolationError, sendingError], exercise: greeter()).isEmpty)
    }

    @Test("In an exercise that asks for tests, an error in the learner's own test file is theirs to fix, not a broken test")
    func ownTestFile() throws {
        var exercise = greeter()
        exercise.kind = .writeTests
        exercise.files = ["GreeterTests.swift"]
        exercise.testFiles = ["GreeterTests.swift"]
        let diagnostics = try realBrokenTests()
        #expect(TestBreakage.locations(in: diagnostics, exercise: exercise).isEmpty)
        // Its errors inside `#expect` still show at the learner's line, not in the macro's buffer.
        let mapped = diagnostics.map { VerdictRenderer.mappedToTests($0, exercise: exercise) }
        #expect(mapped.allSatisfy { !($0.file ?? "").contains(TestBreakage.macroBufferMarker) })
        #expect(TestBreakage.locations(in: diagnostics, exercise: greeter()).count == 4, "the same errors in a protected test file are")
    }

    @Test("A hint for the current error, the broken tests and the ladder, in words")
    func rendered() throws {
        let facts = VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError] + (try realBrokenTests()))
        var renderer = HintRenderer(palette: .plain, command: "swift run actorlings")
        let exercise = greeter()
        try goldenFiles.check(
            renderer.render(HintChooser.current(for: exercise, facts: facts, ladderShown: 1), exercise: exercise), named: "hints-for-current-error.txt")
        renderer.inWatchMode = true
        try goldenFiles.check(
            renderer.render(HintChooser.current(for: exercise, facts: nil, ladderShown: 3), exercise: exercise), named: "hints-ladder-watch.txt")
    }

    @Test(
        "The ladder is labelled as written for the shipped exercise once the code fails otherwise",
        arguments: [
            (VerdictFacts(outcome: "compile-failed", diagnostics: [isolationError]), false),
            (VerdictFacts(outcome: "compile-failed", diagnostics: [sendingError]), true),
            (VerdictFacts(outcome: "tests-failed", failingTests: ["keepsOrder()"]), true),
        ])
    func movedOn(facts: VerdictFacts, movedOn: Bool) {
        let selection = HintChooser.current(for: greeter(), facts: facts, ladderShown: 1)
        #expect(selection.movedOnFromShipped == movedOn)
        let text = HintRenderer(palette: .plain).render(selection, exercise: greeter())
        #expect(text.contains("About the exercise as it was shipped") == movedOn)
    }

    @Test("Verdict facts keep errors first, failing tests by name and display name")
    func facts() {
        let report = TestRunReport(results: [
            TestResult(name: "keepsOrder()", displayName: "Saves stay in order", status: .failed),
            TestResult(name: "loads()", status: .passed),
        ])
        let failed = VerdictFacts(Verdict(exerciseID: "greeter", outcome: .testsFailed(report), duration: .zero))
        #expect(failed.failingTests == ["keepsOrder()", "Saves stay in order"])
        var warning = isolationError
        warning.severity = .warning
        let compile = VerdictFacts(Verdict(exerciseID: "greeter", outcome: .compileFailed([warning, sendingError]), duration: .zero))
        #expect(compile.diagnostics == [sendingError, warning])
        #expect(compile.outcome == "compile-failed")
    }
}

@Suite("Commands quoted the way the learner runs the tool")
struct CommandQuotingTests {
    @Test("The after-pass note and the tool's own diagnostics quote commands as the learner runs the tool")
    func inVerdicts() {
        var renderer = VerdictRenderer(palette: .plain) { _ in nil }
        renderer.command = "swift run actorlings"
        let passed = renderer.render(Verdict(exerciseID: "greeter", outcome: .passed(testCount: 1), duration: .zero), exercise: greeter())
        #expect(passed.contains("Run `swift run actorlings list` to see where you stand."))
        let missing = Diagnostic(
            severity: .error, file: "Exercises/00-basics/greeter/Sources/Greeter.swift", message: "restore it with `actorlings reset greeter`")
        #expect(renderer.renderDiagnostic(missing).first == "error: restore it with `swift run actorlings reset greeter`")
    }

    @Test(
        arguments: [
            ("Run `actorlings hint intro`.", "swift run actorlings", "Run `swift run actorlings hint intro`."),
            ("Run `actorlings`, then `actorlings list`.", "swift run actorlings", "Run `swift run actorlings`, then `swift run actorlings list`."),
            ("Actorlings checks `actorlingsValue`.", "swift run actorlings", "Actorlings checks `actorlingsValue`."),
            ("Run `actorlings hint`.", "actorlings", "Run `actorlings hint`."),
        ])
    func adapt(text: String, command: String, expected: String) {
        #expect(CommandQuoting.adapt(text, command: command) == expected)
    }
}

@Suite("Verdicts for a change that broke what the tests expect")
struct BrokenTestsVerdictTests {
    private func renderer() throws -> VerdictRenderer {
        let tests = try fixture("GreeterTests.swift.txt")
        return VerdictRenderer(palette: .plain) { path in
            path == "Exercises/00-basics/greeter/Tests/GreeterTests.swift" ? tests.split(separator: "\n", omittingEmptySubsequences: false) : nil
        }
    }

    @Test("Says so plainly, shows the test line of an expansion, and advises keeping the API")
    func verdict() throws {
        var renderer = try renderer()
        renderer.command = "swift run actorlings"
        renderer.allDiagnosticsAdvice = "`swift run actorlings check --all-diagnostics`"
        let verdict = Verdict(exerciseID: "greeter", outcome: .compileFailed(try realBrokenTests()), duration: .milliseconds(190))
        let text = renderer.render(verdict, exercise: greeter())
        #expect(!text.contains("swift-generated-sources"))
        try goldenFiles.check(text, named: "verdict-tests-broken.txt")
    }

    @Test("Every diagnostic is shown when asked for all of them", arguments: [3, Int.max])
    func allDiagnostics(limit: Int) throws {
        var renderer = try renderer()
        renderer.diagnosticLimit = limit
        renderer.allDiagnosticsAdvice = "`actorlings check --all-diagnostics`"
        let text = renderer.render(Verdict(exerciseID: "greeter", outcome: .compileFailed(try realBrokenTests()), duration: .zero), exercise: greeter())
        let shown = text.split(separator: "\n").filter { $0.hasPrefix("error:") }.count
        #expect(shown == min(limit, 4))
        #expect(text.contains("To see them all: `actorlings check --all-diagnostics`.") == (limit < 4))
    }
}
