/// An exercise's wrong-fix corpus: plausible fixes the exercise must reject, and other correct
/// answers it must accept.
///
/// It lives beside the reference solution (`Solutions/NN-step/<id>/corpus.toml`, `wrong/<name>/`,
/// `also-correct/<name>/`) and only `dev check` reads it: a learner's checkout ships without
/// `Solutions/`, so nothing a learner runs may depend on it.
public struct Corpus: Sendable, Equatable {
    /// The newest corpus format this build of Actorlings understands.
    public static let supportedFormat = 1
    public static let fileName = "corpus.toml"

    /// `Solutions/…/<id>/corpus.toml`, whether or not it exists.
    public var file: String
    /// False when the exercise has no `corpus.toml`: an empty corpus.
    public var exists: Bool
    public var wrongFixes: [WrongFix]
    public var alsoCorrect: [AlsoCorrectAnswer]
    /// Generated mutants of the reference solution that no test can kill, each with its reason
    /// (`[[equivalent-mutant]]`; see `dev mutants`).
    public var equivalentMutants: [EquivalentMutant] = []

    public init(file: String, exists: Bool = true, wrongFixes: [WrongFix] = [], alsoCorrect: [AlsoCorrectAnswer] = []) {
        self.file = file
        self.exists = exists
        self.wrongFixes = wrongFixes
        self.alsoCorrect = alsoCorrect
    }

    public static func path(for exercise: Exercise) -> String {
        exercise.solutionDirectory + "/" + fileName
    }

    /// Whether the exercise's `after` note promises a trap avoided ("the trap avoided: …"): then
    /// the corpus must hold that trap (`after-pass = true`), so the promise is tested.
    public static func afterNoteNamesTrap(_ exercise: Exercise) -> Bool {
        // The word, not the letters: "a strap that never sleeps" promises nothing.
        exercise.afterPass.lowercased().split { !$0.isLetter }.contains { $0 == "trap" || $0 == "traps" }
    }

    /// What the corpus lacks for the exercise as a whole (not entry by entry): today, the trap
    /// its `after` note names. An exercise without a `corpus.toml` has nothing to check yet.
    public func problems(for exercise: Exercise) -> [CourseProblem] {
        guard exists, Self.afterNoteNamesTrap(exercise), !wrongFixes.contains(where: \.afterPass) else { return [] }
        return [
            CourseProblem(
                file: file, key: "after-pass",
                message: "\(exercise.guidancePath)'s `after` note names a trap, but no [[wrong]] entry has `after-pass = true`; "
                    + "add the trap as a wrong fix, or reword the note")
        ]
    }
}

/// A plausible fix that the exercise must reject, for the declared reason, with a verdict that
/// names the trap.
public struct WrongFix: Sendable, Equatable {
    /// How the exercise rejects a wrong fix.
    public enum Rejection: Sendable, Equatable {
        /// These tests (as Swift Testing names them, `name()`) are among the failing ones.
        case tests([String])
        /// This construct id is among the forbidden-construct findings.
        case construct(String)
        /// A compile error or warning whose group, internal id or message contains this.
        case compile(String)
        /// The test process crashes (a runtime check, a continuation resumed twice, an unowned
        /// reference read after its object is gone): which test hits it first may vary.
        case crash
        /// Thread Sanitizer reports a data race (an exercise built with `sanitizer = "thread"`).
        case race

        /// `tests`, `construct`, `compile`, `crash` or `race`: the `rejected-by` value.
        public var kind: String {
            switch self {
            case .tests: "tests"
            case .construct: "construct"
            case .compile: "compile"
            case .crash: "crash"
            case .race: "race"
            }
        }
    }

    public var name: String
    /// The shortcut, in one sentence.
    public var trap: String
    public var rejection: Rejection
    /// Words the verdict shown to the learner must contain.
    public var says: String
    /// This is the trap the exercise's `after` note names.
    public var afterPass: Bool
    /// `Solutions/…/<id>/wrong/<name>`: a complete copy of the exercise's `files`.
    public var directory: String
    /// The line of its `[[wrong]]` header in `corpus.toml`.
    public var line: Int

    public init(
        name: String, trap: String, rejection: Rejection, says: String, afterPass: Bool = false,
        directory: String, line: Int = 1
    ) {
        self.name = name
        self.trap = trap
        self.rejection = rejection
        self.says = says
        self.afterPass = afterPass
        self.directory = directory
        self.line = line
    }
}

/// Another correct answer: it must pass, with zero warnings and no forbidden construct.
public struct AlsoCorrectAnswer: Sendable, Equatable {
    public var name: String
    public var why: String
    /// `Solutions/…/<id>/also-correct/<name>`.
    public var directory: String
    /// The line of its `[[also-correct]]` header in `corpus.toml`.
    public var line: Int

    public init(name: String, why: String, directory: String, line: Int = 1) {
        self.name = name
        self.why = why
        self.directory = directory
        self.line = line
    }
}
