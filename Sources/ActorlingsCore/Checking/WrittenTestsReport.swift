/// The words a learner reads about tests they wrote (an exercise of kind `write-tests`): which
/// mutants their tests missed, and which of their tests fail against the correct code.
public enum WrittenTestsReport {
    /// What the learner's tests did against one mutant.
    public enum MutantCheck: Sendable, Equatable {
        /// A test failed, crashed the run, or the run did not finish all its tests.
        case caught
        /// Every test passed: the tests cannot tell the mutant from the working code.
        case missed
        /// The tests were still running at the time limit. A hang is not a catch: a test that
        /// waits forever for what the broken code never does protects nothing, and a learner
        /// whose suite hangs reads "timed out", not what is broken.
        case hung(running: [String])
        /// The tests do not build or run against this mutant at all (its interface changed):
        /// a course problem, and the run's own outcome is the verdict.
        case notRun
    }

    public static func judge(_ outcome: Outcome) -> MutantCheck {
        switch outcome {
        case .passed: .missed
        case .testsFailed, .crashed, .dataRace, .incompleteRun: .caught
        case .timedOut(_, let running, _) where running == Outcome.compilerRunning: .notRun
        case .timedOut(_, let running, _): .hung(running: running)
        case .compileFailed, .testsEdited, .forbidden, .systemTooOld, .unreadableFiles, .notChecked: .notRun
        }
    }

    /// A mutant the tests did not catch, and how.
    public enum Miss: Sendable, Equatable {
        case passed(Exercise.Mutant)
        case hung(Exercise.Mutant, running: [String])
    }

    /// One failed result per mutant the tests missed, named `mutant: <name>`, saying what is
    /// broken in it.
    public static func missed(_ mutants: [Exercise.Mutant]) -> TestRunReport {
        missed(mutants.map(Miss.passed))
    }

    /// One failed result per miss, named `mutant: <name>`: a mutant the tests pass against, or
    /// one they hang on, each saying what is broken in it.
    public static func missed(_ misses: [Miss]) -> TestRunReport {
        TestRunReport(
            results: misses.map { miss in
                switch miss {
                case .passed(let mutant):
                    TestResult(
                        name: mutant.resultName, status: .failed,
                        issues: [
                            TestIssue(
                                message: "Your tests pass against a broken implementation: one that \(mutant.description). "
                                    + "Write a test that fails for it.")
                        ])
                case .hung(let mutant, let running):
                    TestResult(
                        name: mutant.resultName, status: .failed,
                        issues: [TestIssue(message: hangMessage(mutant, running: running))])
                }
            })
    }

    static func hangMessage(_ mutant: Exercise.Mutant, running: [String]) -> String {
        let tests = running.isEmpty ? "" : " (\(running.joined(separator: ", ")) never finished)"
        return "Your tests hang on this mutant\(tests): a broken implementation, one that \(mutant.description). "
            + "A hang is not a catch: a test that waits for something the broken code never does only runs out of time. "
            + "Write a test that fails for it instead."
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
