/// What the course says to a learner about one exercise beyond its code: the hint ladder, the
/// hints for particular verdicts, and the note shown once it passes.
///
/// It lives in `Lessons/Hints/<step folder>/<id>.toml`, outside the folder the learner edits, so
/// that reading the exercise's files never shows a hint or the answer's summary by accident.
public struct ExerciseGuidance: Sendable, Equatable {
    public static let format = 1

    /// Hints about the exercise as a whole, each more concrete than the last.
    public var ladder: [String]
    /// Hints for what the learner's code does now, in the file's order.
    public var verdictHints: [VerdictHint]
    /// What to remember once it passes.
    public var afterPass: String

    public init(ladder: [String], verdictHints: [VerdictHint] = [], afterPass: String) {
        self.ladder = ladder
        self.verdictHints = verdictHints
        self.afterPass = afterPass
    }

    /// `Lessons/Hints/01-single-threaded/main-actor-mode.toml`.
    public static func path(stepDirectory: String, id: String) -> String {
        "Lessons/Hints/\(stepDirectory)/\(id).toml"
    }
}

/// A hint that applies when the learner's current verdict has a given shape: a diagnostic, a
/// failing test, or a kind of outcome. Every condition it declares must hold.
public struct VerdictHint: Sendable, Equatable {
    /// A diagnostic group (without `#`) or the compiler's internal id.
    public var diagnostic: String?
    /// A piece of a diagnostic's message; with `diagnostic`, of the same diagnostic's.
    public var message: String?
    /// The hint applies when any of these tests fails (or is still running at a time-out).
    public var tests: [String]
    /// An outcome kind, as `Outcome.kind` spells it (`timed-out`, `crashed`, …).
    public var outcome: String?
    public var text: String

    public init(diagnostic: String? = nil, message: String? = nil, tests: [String] = [], outcome: String? = nil, text: String) {
        self.diagnostic = diagnostic
        self.message = message
        self.tests = tests
        self.outcome = outcome
        self.text = text
    }

    /// The outcome kinds a `when` table may name.
    public static let outcomeKinds = OutcomeKind.allCases.filter(\.isAboutTheCode).filter { $0 != .passed }.map(\.rawValue)
}
