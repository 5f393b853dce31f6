/// An exercise whose `exercise.toml` could not be loaded, in a learner's command: only this
/// exercise is a course error, and every other exercise still works.
///
/// Authoring commands (`dev check`) still refuse the whole course, so a broken exercise is never
/// shipped.
public struct BrokenExercise: Sendable, Equatable {
    public var id: String
    public var stepNumber: Int
    /// The exercise's folder relative to the repository root.
    public var directory: String
    public var problems: [CourseProblem]

    public init(id: String, stepNumber: Int, directory: String, problems: [CourseProblem]) {
        self.id = id
        self.stepNumber = stepNumber
        self.directory = directory
        self.problems = problems
    }

    /// A stand-in for grading: one point (the default), never passed.
    public var placeholder: Exercise {
        Exercise(
            id: id, title: "(its exercise.toml has errors)", stepNumber: stepNumber, section: "", files: [], testFiles: [],
            settings: CompilerSettings(), expectedFailure: .tests([]), forbidden: [], hints: [], afterPass: "",
            timeLimit: .seconds(ExerciseLoader.defaultTimeLimit), points: 1, directory: directory,
            solutionDirectory: directory)
    }

    /// The problems as a verdict: each one an error at its file and line.
    public var verdict: Verdict {
        let diagnostics = problems.map { problem in
            Diagnostic(
                severity: .error, file: problem.file, line: problem.line,
                message: "course error: " + (problem.key.map { "'\($0)': " } ?? "") + problem.message)
        }
        return Verdict(exerciseID: id, outcome: .compileFailed(diagnostics), duration: .zero)
    }
}
