import Testing

@testable import ActorlingsCore

private let exercise = Exercise(
    id: "async-let", title: "async let", stepNumber: 3, section: "async-let", files: ["Loader.swift"],
    testFiles: ["LoaderTests.swift"], settings: CompilerSettings(), expectedFailure: .tests(["loadsBoth()"]),
    forbidden: ["task-detached"], hints: ["one", "two"], afterPass: "", timeLimit: .seconds(10), points: 1,
    directory: "Exercises/03-concurrent/async-let", solutionDirectory: "Solutions/03-concurrent/async-let")

private func fix(_ rejection: WrongFix.Rejection, says: String) -> WrongFix {
    WrongFix(name: "x", trap: "A shortcut.", rejection: rejection, says: says, directory: "Solutions/03-concurrent/async-let/wrong/x")
}

private let childTaskFailure = Outcome.testsFailed(
    TestRunReport(results: [
        TestResult(
            name: "theRequestsAreChildTasks()", status: .failed,
            issues: [TestIssue(message: "Expectation failed: a request ran outside a\nchild task of load()", file: "Tests/LoaderTests.swift", line: 9)]),
        TestResult(name: "loadsBoth()", status: .passed),
    ]))

private let detachedFinding = Outcome.forbidden([
    ForbiddenFinding(
        construct: Construct(
            id: "task-detached", name: "Task.detached", matchers: [.references(["_Concurrency.Task.detached"])],
            why: "A detached task loses the caller's priority and task-locals.",
            instead: "Use async let."),
        file: "Exercises/03-concurrent/async-let/Sources/Loader.swift", line: 4, column: 9, lineText: "Task.detached { child task }")
])

private let dataRace = Outcome.compileFailed([
    Diagnostic(
        severity: .error, file: "Loader.swift", line: 3, column: 5, message: "sending 'box' risks causing data races",
        group: "SendingRisksDataRace", identifier: "regionbasedisolation_named_transfer_yields_race")
])

@Suite("Judging a wrong fix by its outcome and the verdict the learner reads")
struct WrongFixJudgementTests {
    @Test(
        "One case per kind of rejection and of failure",
        arguments: [
            // Rejected as declared, and the verdict names the trap (case and line breaks don't matter).
            ("tests, as declared", fix(.tests(["theRequestsAreChildTasks()"]), says: "Child task"), childTaskFailure, WrongFixJudgement.rejected),
            ("construct, as declared", fix(.construct("task-detached"), says: "loses the caller's priority"), detachedFinding, .rejected),
            ("compile, by group", fix(.compile("SendingRisksDataRace"), says: "risks causing data races"), dataRace, .rejected),
            ("compile, by internal id", fix(.compile("regionbasedisolation_named_transfer_yields_race"), says: "data races"), dataRace, .rejected),
            ("compile, by message", fix(.compile("risks causing"), says: "sending 'box'"), dataRace, .rejected),
            // The wrong fix passed.
            ("passed", fix(.tests(["theRequestsAreChildTasks()"]), says: "child task"), Outcome.passed(testCount: 2), .passed),
            // Rejected, but for the wrong reason.
            (
                "tests declared, compile error", fix(.tests(["theRequestsAreChildTasks()"]), says: "child task"), dataRace,
                .rejectedOtherwise("rejected, but by a compile error not by tests")
            ),
            (
                "tests declared, another test failed", fix(.tests(["loadsBoth()"]), says: "child task"), childTaskFailure,
                .rejectedOtherwise("rejected by tests, but loadsBoth() did not fail (failing: theRequestsAreChildTasks())")
            ),
            (
                "construct declared, tests failed", fix(.construct("task-detached"), says: "child task"), childTaskFailure,
                .rejectedOtherwise("rejected, but by tests (theRequestsAreChildTasks()) not by construct")
            ),
            (
                "construct declared, another construct", fix(.construct("dispatch-queue"), says: "priority"), detachedFinding,
                .rejectedOtherwise("rejected by construct, but by task-detached not by dispatch-queue")
            ),
            (
                "compile declared, another error", fix(.compile("ActorIsolatedCall"), says: "data races"), dataRace,
                .rejectedOtherwise(
                    "rejected by the compiler, but nothing it said matches 'ActorIsolatedCall' "
                        + "(it said: sending 'box' risks causing data races [#SendingRisksDataRace] [regionbasedisolation_named_transfer_yields_race])")
            ),
            (
                "tests declared, the test hung", fix(.tests(["loadsBoth()"]), says: "still running: loadsBoth()"),
                Outcome.timedOut(limit: .seconds(10), running: ["loadsBoth()"], output: []), .rejected
            ),
            (
                "tests declared, another test hung", fix(.tests(["theRequestsAreChildTasks()"]), says: "x"),
                Outcome.timedOut(limit: .seconds(10), running: ["loadsBoth()"], output: []),
                .rejectedOtherwise("rejected by a time-out, but theRequestsAreChildTasks() was not among the tests still running (loadsBoth())")
            ),
            (
                "tests declared, crashed", fix(.tests(["loadsBoth()"]), says: "x"), Outcome.crashed(signal: 4, exitCode: nil, output: []),
                .rejectedOtherwise("rejected, but by a crash (signal 4) not by tests")
            ),
            // Rejected as declared, but the verdict says nothing about the trap.
            ("tests, silent", fix(.tests(["theRequestsAreChildTasks()"]), says: "structured"), childTaskFailure, .silent(says: "structured")),
            ("construct, silent", fix(.construct("task-detached"), says: "child task"), detachedFinding, .silent(says: "child task")),
            ("compile, silent", fix(.compile("SendingRisksDataRace"), says: "main actor"), dataRace, .silent(says: "main actor")),
        ])
    func judge(_ name: String, fix: WrongFix, outcome: Outcome, expected: WrongFixJudgement) {
        #expect(fix.judge(outcome, exercise: exercise) == expected, "\(name)")
    }

    @Test("The wrong fix's own code never counts as the verdict saying the words")
    func sourceIsNotShown() {
        // The finding's line text says "child task", but the learner reads the construct's why and
        // instead: the source line is the wrong fix's, so it must not make the rejection teach.
        let shown = WrongFix.shownText(of: detachedFinding, exercise: exercise)
        #expect(shown.contains("loses the caller's priority"))
        #expect(fix(.construct("task-detached"), says: "child task").judge(detachedFinding, exercise: exercise) == .silent(says: "child task"))
    }

    @Test("Only what the learner is shown counts: the fourth failing test is not shown")
    func onlyShownFailures() {
        let results = (1...4).map { TestResult(name: "t\($0)()", status: .failed, issues: [TestIssue(message: "issue \($0)")]) }
        let outcome = Outcome.testsFailed(TestRunReport(results: results))
        #expect(fix(.tests(["t4()"]), says: "issue 3").judge(outcome, exercise: exercise) == .rejected)
        #expect(fix(.tests(["t4()"]), says: "issue 4").judge(outcome, exercise: exercise) == .silent(says: "issue 4"))
    }
}
