import Testing

@testable import ActorlingsCore

/// A run counts only when every test the protected files declare ran exactly once, in a run that
/// started and ended.
@Suite("Auditing a test run against the declared tests")
struct TestRunAuditTests {
    static let testSource = """
        import Testing
        @testable import Totals

        @Test func addsThreeValues() {
            #expect(total([1, 2, 3]) == 6)
        }

        // @Test func commentedOut() {}
        @Test("Adds one value")
        func addsOneValue() {
            let text = "@Test func inAString()"
            #expect(total([7]) == 7, "\\(text)")
        }

        """

    static let expected = TestRunAudit.expectedTests(in: testSource, file: "/course/Tests/TotalsTests.swift")

    @Test("Expected tests come from the @Test attributes, not from comments or strings")
    func expectedTests() {
        #expect(Self.expected.map(\.name) == ["addsThreeValues()", "addsOneValue()"])
        #expect(Self.expected.map(\.line) == [4, 9])
    }

    /// A ledger as a clean run writes it, then changed by `edit`.
    static func ledger(_ edit: (inout TestRunLedger) -> Void = { _ in }) -> TestRunLedger {
        var ledger = TestRunLedger()
        ledger.declared = [
            .init(id: "T.addsThreeValues()/TotalsTests.swift:4:2", name: "addsThreeValues()", file: "/build/TotalsTests.swift", line: 4),
            .init(id: "T.addsOneValue()/TotalsTests.swift:9:2", name: "addsOneValue()", file: "/build/TotalsTests.swift", line: 9),
        ]
        for record in ledger.declared {
            ledger.started[record.id] = 1
            ledger.ended[record.id] = 1
        }
        ledger.runsStarted = 1
        ledger.runsEnded = 1
        edit(&ledger)
        return ledger
    }

    @Test("A clean run has no problem")
    func clean() {
        #expect(TestRunAudit.problems(in: Self.ledger(), expected: Self.expected, exitCode: 0) == nil)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var edit: @Sendable (inout TestRunLedger) -> Void
        var reason: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the process ended before the run ended", edit: { $0.runsEnded = 0 }, reason: "ended before Swift Testing finished it"),
        Case(
            name: "a second run in the same stream",
            edit: {
                $0.runsStarted = 2; $0.runsEnded = 2
            }, reason: "ended before Swift Testing finished it"),
        Case(
            name: "a test filtered out",
            edit: {
                $0.started["T.addsOneValue()/TotalsTests.swift:9:2"] = nil; $0.ended["T.addsOneValue()/TotalsTests.swift:9:2"] = nil
            },
            reason: "never ran to the end: addsOneValue()"),
        Case(
            name: "a test that started and never ended", edit: { $0.ended["T.addsOneValue()/TotalsTests.swift:9:2"] = nil },
            reason: "never ran to the end: addsOneValue()"),
        Case(name: "a test skipped", edit: { $0.skipped["T.addsOneValue()/TotalsTests.swift:9:2"] = 1 }, reason: "skipped: addsOneValue()"),
        Case(name: "a test reported twice", edit: { $0.ended["T.addsThreeValues()/TotalsTests.swift:4:2"] = 2 }, reason: "more than once: addsThreeValues()"),
        Case(
            name: "a test the files do not declare",
            edit: { $0.declared.append(.init(id: "X.forged()/Forged.swift:1:2", name: "forged()", file: "/tmp/Forged.swift", line: 1)) },
            reason: "not in the exercise's test files: forged()"),
        Case(name: "a declared test missing from the stream", edit: { $0.declared.removeLast() }, reason: "never ran to the end: addsOneValue()"),
    ]

    @Test("Each way a run can be incomplete is named", arguments: cases)
    func incomplete(_ example: Case) throws {
        let run = try #require(TestRunAudit.problems(in: Self.ledger(example.edit), expected: Self.expected, exitCode: 0))
        #expect(run.reasons.contains { $0.contains(example.reason) }, "\(run.reasons)")
    }

    @Test("The parser fills the ledger from a real stream")
    func parsedLedger() throws {
        let report = TestEventParser.parse(try fixture("events-two-failures.jsonl"))
        #expect(report.ledger.runsStarted == 1)
        #expect(report.ledger.runsEnded == 1)
        #expect(report.ledger.declared.count == report.results.count)
        #expect(report.ledger.declared.allSatisfy { report.ledger.started[$0.id] == 1 && report.ledger.ended[$0.id] == 1 })
    }
}
