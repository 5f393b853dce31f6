import Testing

@testable import ActorlingsCore

/// A learner's suite whose one test failed, as the run reports it.
private func failing(_ test: String, _ message: String) -> Outcome {
    .testsFailed(TestRunReport(results: [TestResult(name: test, status: .failed, issues: [TestIssue(message: message)])]))
}

private let mutant = Exercise.Mutant(name: "older-answer-shown", description: "shows the answer to an older query")

/// One way a learner's suite can fare against a mutant under the schedules it ran in.
struct MutantRuns: Sendable, CustomTestStringConvertible {
    var name: String
    var runs: [(schedule: WrittenTestsReport.Schedule, check: WrittenTestsReport.MutantCheck)]
    var expected: WrittenTestsReport.Miss?
    var testDescription: String { name }
}

@Suite("Write-tests: a suite that passes, or catches a mutant, only by timing")
struct WriteTestsScheduleTests {
    @Test("A suite that passes in every order against the correct code gets no timing verdict")
    func passingInEveryOrder() {
        let runs: [(schedule: WrittenTestsReport.Schedule, outcome: Outcome)] = [
            (.usual, .passed(testCount: 3)), (.seed(1), .passed(testCount: 3)), (.seed(2), .passed(testCount: 3)),
        ]
        #expect(WrittenTestsReport.timingAgainstCorrectCode(runs) == nil)
    }

    @Test("A suite that fails against the correct code under one seed depends on timing: each failing test says where it passed and where it failed")
    func failingUnderOneSeed() throws {
        let runs: [(schedule: WrittenTestsReport.Schedule, outcome: Outcome)] = [
            (.usual, .passed(testCount: 2)), (.seed(1), .passed(testCount: 2)),
            (.seed(2), failing("anOlderAnswerArrivingLastIsNotShown()", "Expectation failed")),
        ]
        let verdict = try #require(WrittenTestsReport.timingAgainstCorrectCode(runs))
        guard case .testsFailed(let report) = verdict else { Issue.record("not a test failure: \(verdict)"); return }
        #expect(report.failures.map(\.name) == ["anOlderAnswerArrivingLastIsNotShown()"])
        let messages = report.failures.first?.issues.map(\.message) ?? []
        #expect(
            messages.first?.hasPrefix(
                "Your tests depend on timing: they pass in the runtime's usual order and under seed 1, and fail under seed 2, an order of the same jobs that Swift allows."
            ) == true, "\(messages)")
        #expect(messages.last == "Expectation failed", "the test's own words follow")
    }

    @Test("A suite that hangs against the correct code under a seed depends on timing too, and says what the run did")
    func hangingUnderASeed() throws {
        let runs: [(schedule: WrittenTestsReport.Schedule, outcome: Outcome)] = [
            (.usual, .passed(testCount: 1)), (.seed(1), .timedOut(limit: .seconds(10), running: ["waitsForTheSpinner()"], output: [])),
        ]
        let verdict = try #require(WrittenTestsReport.timingAgainstCorrectCode(runs))
        guard case .testsFailed(let report) = verdict else { Issue.record("not a test failure: \(verdict)"); return }
        #expect(report.failures.map(\.name) == ["your tests under seed 1"])
        let message = report.failures.first?.issues.first?.message ?? ""
        #expect(message.hasPrefix("Your tests depend on timing: they pass in the runtime's usual order, and fail under seed 1"), "\(message)")
        #expect(message.contains(OutcomeWords.detail(runs[1].outcome)), "\(message)")
    }

    @Test(
        "A mutant counts as caught only when the suite catches it in every order it ran in",
        arguments: [
            MutantRuns(name: "caught in every order", runs: [(.usual, .caught), (.seed(1), .caught), (.seed(2), .caught)], expected: nil),
            MutantRuns(name: "missed in the usual order", runs: [(.usual, .missed)], expected: .passed(mutant)),
            MutantRuns(
                name: "caught in the usual order, missed under seed 1", runs: [(.usual, .caught), (.seed(1), .missed)],
                expected: .timing(mutant, caughtUnder: .usual, missedUnder: .seed(1))),
            MutantRuns(
                name: "caught in the usual order, hung under seed 2", runs: [(.usual, .caught), (.seed(1), .caught), (.seed(2), .hung(running: ["t()"]))],
                expected: .hung(mutant, running: ["t()"])),
        ])
    func mutantJudgedInEveryOrder(_ example: MutantRuns) {
        #expect(WrittenTestsReport.judge(mutant, runs: example.runs) == example.expected)
    }

    @Test("A mutant caught only by timing is a failed result named after it, saying in which orders the tests failed and passed for it")
    func timingMissResult() {
        let report = WrittenTestsReport.missed([.timing(mutant, caughtUnder: .usual, missedUnder: .seed(2))])
        #expect(report.failures.map(\.name) == ["mutant: older-answer-shown"])
        let message = report.failures.first?.issues.first?.message ?? ""
        #expect(
            message
                == "Your tests catch a broken implementation only by timing: one that shows the answer to an older query. "
                + "They fail for it in the runtime's usual order, and pass for it under seed 2, an order of the same jobs that Swift allows. "
                + "Write a test that decides the order itself, and fails for it in every order.")
    }
}
