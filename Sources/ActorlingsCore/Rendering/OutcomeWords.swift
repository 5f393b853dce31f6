/// The one place where an outcome becomes a short text: a grade report's reason, a course
/// check's summary, what rejected a wrong fix or killed a mutant, a hint's "your last check".
/// The learner's full verdict (``VerdictRenderer``) builds on the same phrases.
public enum OutcomeWords {
    /// How the interleaving harness (Exercises/Support/InterleavingHarness/CrashReport.swift) begins
    /// its report of the schedule a crash came in, which a verdict keeps in view.
    public static let scheduleCrashReport = "The program crashed in this order of the tasks' steps"

    /// The kind in a learner's words, without details: "failing tests", "a data race".
    public static func name(_ kind: OutcomeKind) -> String {
        switch kind {
        case .passed: "a pass"
        case .compileFailed: "a compile error"
        case .testsFailed: "failing tests"
        case .timedOut: "tests that did not finish"
        case .crashed: "a crash"
        case .dataRace: "a data race"
        case .forbidden: "a forbidden construct"
        case .incompleteRun: "a run in which not every test ran"
        case .testsEdited: "edited protected files"
        case .unreadableFiles: "files that could not be read"
        case .systemTooOld: "a Mac too old for the exercise"
        case .courseError: "a problem in the course"
        case .graderFailure: "a grader that could not check"
        }
    }

    /// What rejected an answer, as a noun phrase with what tells instances apart:
    /// "a compile warning", "tests (a(), b())", "a crash (signal 4)", "construct (task-detached)".
    public static func cause(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: "nothing"
        case .compileFailed(let diagnostics):
            diagnostics.contains { $0.severity == .error } ? "a compile error" : "a compile warning"
        case .testsFailed(let report): "tests (\(report.failures.map(\.name).joined(separator: ", ")))"
        case .timedOut(_, Outcome.compilerRunning, _): "a compile that ran out of time"
        case .timedOut: "a time-out"
        case .crashed(let signal, let code, _, let limit):
            limit.map { "a resource limit (\($0.description))" }
                ?? "a crash (\(signal.map { "signal \($0)" } ?? "exit \(code.map(String.init) ?? "-")"))"
        case .forbidden(let findings): "construct (\(constructIDs(findings)))"
        case .systemTooOld(let required, let running): "nothing: this Mac runs \(running.name), the exercise needs \(required.name)"
        case .notChecked(let reason): "nothing: \(reason.message)"
        case .dataRace, .incompleteRun, .testsEdited, .unreadableFiles: name(outcome.kind)
        }
    }

    /// One sentence for a grade report or a class page: why it did not pass, or that it did.
    public static func reason(_ outcome: Outcome, exercise: Exercise) -> String {
        switch outcome {
        case .passed(let count):
            return "all \(plural(count, "test")) passed"
        case .compileFailed(let diagnostics):
            let errors = diagnostics.filter { $0.severity == .error }.count
            return errors == 0
                ? "compiles with \(plural(diagnostics.count, "warning")); warnings fail an exercise"
                : "does not compile (\(plural(errors, "error")))"
        case .testsFailed(let report):
            return "\(report.failures.count) of \(report.results.count) tests failed"
        case .timedOut(let limit, Outcome.compilerRunning, _):
            return "did not compile within \(seconds(limit))"
        case .timedOut(let limit, let running, _):
            return "did not finish within \(seconds(limit))" + (running.isEmpty ? "" : "; still running: \(running.joined(separator: ", "))")
        case .crashed(let signal, let exitCode, _, let limit):
            return limit.map { "stopped: \($0.description)" } ?? signal.map { "crashed with signal \($0)" }
                ?? "exited with code \(exitCode ?? -1) without a test failure"
        case .dataRace:
            return "Thread Sanitizer found a data race while the tests ran"
        case .forbidden(let findings):
            return "uses " + Array(Set(findings.map(\.construct.name))).sorted().joined(separator: ", ")
        case .incompleteRun(let run):
            return "not all tests ran: " + (run.reasons.first ?? "the run did not finish")
        case .testsEdited(let paths):
            return paths.contains(where: exercise.protectedPaths.contains) ? "protected files were changed" : "the protected tests were changed"
        case .unreadableFiles(let problems):
            return problems.first?.message ?? "a learner file could not be read"
        case .notChecked(let reason):
            return "not checked: \(reason.message)"
        case .systemTooOld(let required, let running):
            return "not checked: the exercise needs \(required.name) or newer, and this Mac runs \(running.name)"
        }
    }

    /// One line with the details a course author needs (`dev check`, `dev mutants`).
    public static func detail(_ outcome: Outcome) -> String {
        switch outcome {
        case .compileFailed(let diagnostics), .unreadableFiles(let diagnostics):
            diagnostics.prefix(2).map { "\($0.file.map { "\($0):" } ?? "")\($0.line.map { "\($0): " } ?? "")\($0.severity.rawValue): \($0.displayMessage)" }
                .joined(separator: "; ")
        case .testsFailed(let report):
            // One line per finding: an issue's message often spans two (expectation, then comment).
            "failing tests: "
                + report.failures.map { "\($0.name) (\(($0.issues.first?.message ?? "").split(separator: "\n").joined(separator: " — ")))" }
                .joined(separator: ", ")
        case .forbidden(let findings):
            "forbidden: " + findings.map { "\($0.construct.name) at \($0.file):\($0.line)" }.joined(separator: ", ")
        case .timedOut(_, let running, _):
            "timed out (running: \(running.joined(separator: ", ")))"
        case .crashed(let signal, let code, let output, _):
            "crashed (signal \(signal.map(String.init) ?? "-"), exit \(code.map(String.init) ?? "-")): \(output.suffix(3).joined(separator: " | "))"
        case .dataRace(let report):
            "data race: \(report.prefix(3).joined(separator: " | "))"
        case .incompleteRun(let run):
            "not all tests ran: " + run.reasons.joined(separator: "; ")
        case .testsEdited(let paths):
            "tests edited: \(paths.joined(separator: ", "))"
        case .notChecked(let reason):
            "not checked (\(outcome.kind)): \(reason.message)"
        case .systemTooOld(let required, let running):
            "not checked: it needs \(required.name) or newer, and this Mac runs \(running.name)"
        case .passed:
            "passed"
        }
    }

    /// "signal 4, SIGILL: a Swift runtime trap".
    public static func signalName(_ signal: Int32) -> String {
        "signal \(signal)" + (signalNames[signal].map { ", \($0)" } ?? "")
    }

    static let signalNames: [Int32: String] = [
        4: "SIGILL: a Swift runtime trap", 5: "SIGTRAP: a Swift runtime trap", 6: "SIGABRT: aborted",
        8: "SIGFPE: arithmetic error", 9: "SIGKILL", 11: "SIGSEGV: bad memory access (often a stack overflow)",
        15: "SIGTERM", 25: "SIGXFSZ: file size limit exceeded",
    ]

    static func constructIDs(_ findings: [ForbiddenFinding]) -> String {
        var ids: [String] = []
        for finding in findings where !ids.contains(finding.construct.id) {
            ids.append(finding.construct.id)
        }
        return ids.joined(separator: ", ")
    }

    /// "1 test", "2 tests".
    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
