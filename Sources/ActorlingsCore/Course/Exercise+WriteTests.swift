/// Exercises whose answer is a test: the learner writes Swift Testing tests for code the course
/// gives, and passes when those tests pass against the correct code and fail against every
/// broken copy of it (a *mutant*). See Documentation/CourseFormat.md, "Exercises that ask for tests".
extension Exercise {
    /// What the learner writes.
    public enum Kind: String, Sendable, Equatable {
        /// The learner edits `Sources/` until the course's tests pass.
        case fixCode = "fix-code"
        /// The learner edits test files of `Tests/`; `Sources/` is the implementation under test.
        case writeTests = "write-tests"
    }

    /// A subtly broken copy of the implementation under test: every protected file of
    /// `Sources/`, in `Exercises/.mutants/<exercise id>/<name>/`, outside the exercise's folder so
    /// that a learner does not read it by accident while looking at their exercise.
    public struct Mutant: Sendable, Equatable {
        /// Kebab-case, unique in the exercise; the name of the mutant's folder.
        public var name: String
        /// What is broken, as a symptom: the learner reads it when their tests miss this mutant
        /// ("reports the timer finished before its last tick").
        public var description: String

        /// The name of the result that stands for this mutant in a verdict: `mutant: <name>`.
        /// `[expect]` and the corpus's `tests` name mutants this way.
        public var resultName: String { Self.resultPrefix + name }

        /// What starts a mutant's result name; `[[when]]` hints name a missed mutant this way too.
        public static let resultPrefix = "mutant: "
    }

    /// The folder of the learner's files: `Sources/`, or `Tests/` for an exercise that asks for tests.
    public var learnerDirectory: String {
        kind == .writeTests ? testsPath : sourcesPath
    }

    /// `Exercises/.mutants/<id>`: the mutants of this exercise, one folder each.
    public var mutantsDirectory: String {
        Self.mutantsRoot + "/" + id
    }

    /// The folder all exercises' mutants live in.
    public static let mutantsRoot = "Exercises/.mutants"

    /// Every file of every mutant, relative to the repository root: shipped and protected like
    /// the tests.
    public var mutantPaths: [String] {
        mutants.flatMap { mutantPaths(of: $0) }
    }

    /// The files of one mutant: a copy of each protected file of `Sources/`.
    public func mutantPaths(of mutant: Mutant) -> [String] {
        protectedFiles.map { mutantsDirectory + "/" + mutant.name + "/" + $0 }
    }
}
