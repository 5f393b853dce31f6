/// The words a learner reads about tests they wrote (an exercise of kind `write-tests`): which
/// mutants their tests missed, and which of their tests fail against the correct code.
public enum WrittenTestsReport {
    /// One failed result per mutant the tests missed, named `mutant: <name>`, saying what is
    /// broken in it.
    public static func missed(_ mutants: [Exercise.Mutant]) -> TestRunReport {
        TestRunReport(
            results: mutants.map { mutant in
                TestResult(
                    name: mutant.resultName, status: .failed,
                    issues: [
                        TestIssue(
                            message: "Your tests pass against a broken implementation: one that \(mutant.description). "
                                + "Write a test that fails for it.")
                    ])
            })
    }

    /// The learner's tests failed against code that works: each failure says so first.
    public static func failingAgainstCorrectCode(_ outcome: Outcome) -> Outcome {
        guard case .testsFailed(var report) = outcome else { return outcome }
        for index in report.results.indices where report.results[index].status == .failed {
            report.results[index].issues.insert(TestIssue(message: correctCodeNote), at: 0)
        }
        return .testsFailed(report)
    }

    static let correctCodeNote = "This test fails against the correct implementation in Sources/; a test must pass for code that works."
}
