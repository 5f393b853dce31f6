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
        /// Caught in one order of the run's jobs and not in another: the catch was luck.
        case timing(Exercise.Mutant, caughtUnder: Schedule, missedUnder: Schedule)
    }

    /// An order of the jobs of one run of the learner's suite: the runtime's own, or the one a seed
    /// chooses (every job of the run on one thread, the seed picking the next).
    public enum Schedule: Sendable, Equatable, CustomStringConvertible {
        case usual
        case seed(UInt64)

        public var description: String {
            switch self {
            case .usual: "in the runtime's usual order"
            case .seed(let seed): "under seed \(seed)"
            }
        }
    }

    /// The seeds a write-tests verdict also runs the learner's suite under, after the usual order:
    /// seed 1 runs the newest ready job first (it defeats any number of `Task.yield()`s); seed 2 the
    /// oldest, with each new task starting late (what another thread hands back, a dispatch queue's
    /// block, comes first); seeds 3 and up use random priorities per task. Measured on Swift 6.3.1
    /// with write-a-gated-test's wrong answers: seed 1 failed a yield loop, an empty task and a
    /// continuation resumed from a task 5 runs in 5, seed 2 a dispatch queue hop 3 in 3; random
    /// priorities (seeds 3 to 30) failed 17% to 73% of them; the reference passed under all.
    public static let scheduleSeeds: [UInt64] = [1, 2]

    /// The suite against the correct code, under each schedule it ran in (the usual order first):
    /// nil when it passed under every one, else the verdict — its tests depend on timing.
    public static func timingAgainstCorrectCode(_ runs: [(schedule: Schedule, outcome: Outcome)]) -> Outcome? {
        guard let failed = runs.first(where: { !$0.outcome.isPassed }) else { return nil }
        let passed = runs.filter(\.outcome.isPassed).map(\.schedule)
        let note = timingNote(passed: passed, failed: failed.schedule)
        guard case .testsFailed(var report) = failed.outcome else {
            return .testsFailed(
                TestRunReport(results: [
                    TestResult(
                        name: "your tests \(failed.schedule)", status: .failed,
                        issues: [TestIssue(message: note + " There: " + OutcomeWords.detail(failed.outcome))])
                ]))
        }
        for index in report.results.indices where report.results[index].status == .failed {
            report.results[index].issues.insert(TestIssue(message: note), at: 0)
        }
        return .testsFailed(report)
    }

    /// What the suite did against one mutant under each schedule it ran in (the usual order first),
    /// judged run by run (``judge(_:)``): caught only when caught under every one.
    public static func judge(_ mutant: Exercise.Mutant, runs: [(schedule: Schedule, check: MutantCheck)]) -> Miss? {
        let caught = runs.filter { $0.check == .caught }.map(\.schedule)
        for run in runs {
            switch run.check {
            case .caught, .notRun: continue
            case .missed:
                guard let luck = caught.first else { return .passed(mutant) }
                return .timing(mutant, caughtUnder: luck, missedUnder: run.schedule)
            case .hung(let running):
                return .hung(mutant, running: running)
            }
        }
        return nil
    }

    static func timingNote(passed: [Schedule], failed: Schedule) -> String {
        let passes = passed.isEmpty ? "" : "they pass \(passed.map(\.description).joined(separator: " and ")), and "
        return "Your tests depend on timing: \(passes)fail \(failed), an order of the same jobs that Swift allows. "
            + "Wait for the event itself (a fake that tells you a call arrived, `await task.value`), not for \"long enough\"."
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
                case .timing(let mutant, let caught, let missed):
                    TestResult(
                        name: mutant.resultName, status: .failed,
                        issues: [
                            TestIssue(
                                message: "Your tests catch a broken implementation only by timing: one that \(mutant.description). "
                                    + "They fail for it \(caught), and pass for it \(missed), an order of the same jobs that Swift allows. "
                                    + "Write a test that decides the order itself, and fails for it in every order.")
                        ])
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
