/// What a verdict said, kept small enough to store in the learner's progress: enough to choose
/// a hint for the code as it is now, even in a later `hint` command.
public struct VerdictFacts: Sendable, Equatable, Codable {
    /// `Outcome.kind`: `compile-failed`, `tests-failed`, …
    public var outcome: String
    /// Errors and warnings, errors first, at most `limit` of them.
    public var diagnostics: [Diagnostic]
    /// Tests that failed, or were still running when the run was stopped.
    public var failingTests: [String]

    static let limit = 20

    public init(outcome: String, diagnostics: [Diagnostic] = [], failingTests: [String] = []) {
        self.outcome = outcome
        self.diagnostics = diagnostics
        self.failingTests = failingTests
    }

    public init(_ verdict: Verdict) {
        var diagnostics: [Diagnostic] = []
        var failing: [String] = []
        switch verdict.outcome {
        case .compileFailed(let all):
            diagnostics = Array((all.filter { $0.severity == .error } + all.filter { $0.severity == .warning }).prefix(Self.limit))
        case .testsFailed(let report):
            for failure in report.failures {
                failing.append(failure.name)
                if let display = failure.displayName { failing.append(display) }
            }
        case .timedOut(_, let running, _):
            failing = running
        default:
            break
        }
        self.init(outcome: verdict.outcome.kind.rawValue, diagnostics: diagnostics, failingTests: failing)
    }

    /// True when `test` (`loads()`, `loads`, or a display name) is among the failing tests.
    func fails(_ test: String) -> Bool {
        failingTests.contains { $0 == test || $0 == test + "()" || $0.hasPrefix(test + "(") && !test.contains("(") }
    }
}
