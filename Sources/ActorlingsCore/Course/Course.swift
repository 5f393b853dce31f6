/// The whole course as loaded and validated from `Exercises/course.toml` and the exercises'
/// `exercise.toml` files.
///
/// Paths are relative to the repository root, so a course value means the same thing wherever
/// the checkout lives, and golden files of reports stay stable.
public struct Course: Sendable {
    /// The newest course format this build of Actorlings understands.
    public static let supportedFormat = 1

    public var format: Int
    public var title: String
    public var version: String
    public var minimumSwift: ToolchainVersion
    public var constructs: [Construct]
    public var steps: [Step]
    /// Workshop pacing from `Exercises/classroom.toml`, when an instructor ships one.
    public var pacing: Pacing?
    /// Exercises whose definition has errors (learner's commands only; see ``BrokenExercise``).
    public var brokenExercises: [BrokenExercise] = []

    public init(
        format: Int, title: String, version: String, minimumSwift: ToolchainVersion,
        constructs: [Construct], steps: [Step]
    ) {
        self.format = format
        self.title = title
        self.version = version
        self.minimumSwift = minimumSwift
        self.constructs = constructs
        self.steps = steps
    }

    /// Every exercise in the order the learner meets them.
    public var exercises: [Exercise] { steps.flatMap(\.exercises) }

    /// The exercises the learner may work on now: all of them, or those up to the pacing's step.
    public var availableExercises: [Exercise] {
        guard let pacing else { return exercises }
        return exercises.filter { $0.stepNumber <= pacing.until }
    }

    public func isAvailable(_ exercise: Exercise) -> Bool {
        pacing.map { exercise.stepNumber <= $0.until } ?? true
    }

    public func exercise(id: String) -> Exercise? {
        exercises.first { $0.id == id }
    }

    public func step(number: Int) -> Step? {
        steps.first { $0.number == number }
    }

    public func construct(id: String) -> Construct? {
        constructs.first { $0.id == id }
    }
}

/// One step of the journey, with its lesson and exercises.
public struct Step: Sendable, Equatable {
    public var number: Int
    public var id: String
    public var title: String
    public var exercises: [Exercise]

    public init(number: Int, id: String, title: String, exercises: [Exercise]) {
        self.number = number
        self.id = id
        self.title = title
        self.exercises = exercises
    }

    /// `01-single-threaded`: the name of the step's exercise folder and of its lesson.
    public var directoryName: String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 2 - digits.count)) + digits + "-" + id
    }

    public var lessonPath: String { "Lessons/\(directoryName).md" }
}

/// A construct an exercise may forbid, such as an unchecked `Sendable` conformance.
public struct Construct: Sendable, Equatable {
    /// How a construct is recognised: by the compiler's view of the code wherever a name could be
    /// hidden (qualified, aliased, imported), by tokens only for syntax no alias can spell.
    public enum Matcher: Sendable, Equatable {
        /// Tokens, e.g. `nonisolated(unsafe)` or `@unchecked`; a final `*` makes the last name
        /// a prefix (`@_*` is every underscored attribute).
        case syntax(String)
        /// Declarations the code refers to, as ``CompilerView`` names them
        /// (`Dispatch.DispatchQueue`, `libc.exit`, `Swift.unsafe*`).
        case references([String])
        /// Modules the code imports.
        case imports([String])
        /// Names the code declares at the top level of a file, where they shadow a module's name.
        case declarations([String])
        /// Every declaration of a kind (``ConstructKind``), however it is spelled; with a place,
        /// only the references there (`inside = "loop"`).
        case kind(ConstructKind, inside: ConstructKind.Place?)
    }

    public var id: String
    /// What the learner reads: `@unchecked Sendable`, `DispatchQueue`, `exit`.
    public var name: String
    public var matchers: [Matcher]
    public var why: String
    public var instead: String

    public init(id: String, name: String, matchers: [Matcher], why: String, instead: String) {
        self.id = id
        self.name = name
        self.matchers = matchers
        self.why = why
        self.instead = instead
    }

    /// The constructs whose matchers need the compiler's view (not only the tokens).
    public var needsCompilerView: Bool {
        matchers.contains { if case .syntax = $0 { false } else { true } }
    }
}

/// Why an exercise, as shipped, must fail.
public enum ExpectedFailure: Sendable, Equatable {
    /// An error whose group or internal id is `diagnostic` and/or whose message contains `message`
    /// (a warning, when the build has no error: a migration mode's exercise fails for its warnings).
    case compile(diagnostic: String?, message: String?)
    /// These tests fail (names as Swift Testing prints them, e.g. `loadsTheFeed()`).
    case tests([String])
}

/// One exercise.
public struct Exercise: Sendable, Equatable {
    public var id: String
    public var title: String
    public var stepNumber: Int
    /// The slug of the lesson heading that teaches it.
    public var section: String
    /// The learner's files, relative to `sourcesPath`.
    public var files: [String]
    /// Files of `sourcesPath` compiled with the learner's module that the learner must not
    /// change (a "don't change this" library); checked against `shipped.txt` like the tests.
    public var protectedFiles: [String]
    /// The protected test files, relative to `testsPath`.
    public var testFiles: [String]
    public var settings: CompilerSettings
    public var expectedFailure: ExpectedFailure
    /// Ids of the constructs this exercise forbids (course defaults already applied).
    public var forbidden: [String]
    /// Constructs this exercise defines for itself (forbidden here, unknown elsewhere), such as
    /// the old completion-handler API a migration exercise replaces.
    public var constructs: [Construct] = []
    /// Constructs allowed only in these of the learner's files (`[only-in]`): a bridge file may
    /// keep the callback API that every other file must stop using.
    public var onlyIn: [String: [String]] = [:]
    /// Constructs the shipped code uses and a passing answer must not (`allow-while-shipped`):
    /// tolerated in a learner file only while it is exactly as shipped.
    public var allowedWhileShipped: [String] = []
    /// The hint ladder: hints about the exercise as a whole, each more concrete than the last.
    public var hints: [String]
    /// Hints for particular verdicts (a diagnostic, a failing test, an outcome).
    public var verdictHints: [VerdictHint] = []
    public var afterPass: String
    public var timeLimit: Duration
    /// How long one compiler run may take (`compile-time-limit`, default 180 s).
    public var compileTimeLimit: Duration = .seconds(180)
    public var points: Int
    /// The exercise's folder relative to the repository root, e.g. `Exercises/01-single-threaded/opting-out`.
    public var directory: String
    /// The reference solution's folder, e.g. `Solutions/01-single-threaded/opting-out`. Its
    /// wrong-fix corpus lives there too (`corpus.toml`, `wrong/`, `also-correct/`).
    public var solutionDirectory: String
    /// What the learner writes: the code (the default), or tests (see ``Kind``).
    public var kind: Kind = .fixCode
    /// With ``Kind/writeTests``: the broken implementations the learner's tests must catch.
    public var mutants: [Mutant] = []
    /// A review exercise (`quiz = true`): it mixes its step's idea with an earlier step's, and
    /// ends its step (see ``QuizRule``).
    public var isQuiz = false
    /// Course support modules the tests import (`support = ["InterleavingHarness"]`), each compiled
    /// from `Exercises/Support/<name>/*.swift` and linked into the test binary.
    public var supportModules: [SupportModule] = []

    public init(
        id: String, title: String, stepNumber: Int, section: String, files: [String],
        testFiles: [String], settings: CompilerSettings, expectedFailure: ExpectedFailure,
        forbidden: [String], hints: [String], afterPass: String, timeLimit: Duration,
        points: Int, directory: String, solutionDirectory: String, protectedFiles: [String] = []
    ) {
        self.id = id
        self.title = title
        self.stepNumber = stepNumber
        self.section = section
        self.files = files
        self.testFiles = testFiles
        self.settings = settings
        self.expectedFailure = expectedFailure
        self.forbidden = forbidden
        self.hints = hints
        self.afterPass = afterPass
        self.timeLimit = timeLimit
        self.points = points
        self.directory = directory
        self.solutionDirectory = solutionDirectory
        self.protectedFiles = protectedFiles
    }

    /// The construct `id` as this exercise sees it: its own definition, else the course's.
    public func construct(id: String, in course: Course) -> Construct? {
        constructs.first { $0.id == id } ?? course.construct(id: id)
    }

    /// Whether a finding of `constructID` in `file` (a path or a file name) is allowed by `[only-in]`.
    public func allows(_ constructID: String, in file: String) -> Bool {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return onlyIn[constructID]?.contains(name) ?? false
    }

    /// The hint file: `Lessons/Hints/<step folder>/<id>.toml`, outside the folder the learner edits.
    public var guidancePath: String {
        let step = directory.split(separator: "/").dropLast().last.map(String.init) ?? ""
        return ExerciseGuidance.path(stepDirectory: step, id: id)
    }
    public var sourcesPath: String { directory + "/Sources" }
    public var testsPath: String { directory + "/Tests" }
    public var sourcePaths: [String] { files.map { learnerDirectory + "/" + $0 } }
    public var testPaths: [String] { testFiles.map { testsPath + "/" + $0 } }
    public var protectedPaths: [String] { protectedFiles.map { sourcesPath + "/" + $0 } }
    public var solutionPaths: [String] { files.map { solutionDirectory + "/" + $0 } }

    /// `main-actor-mode` → `MainActorMode`.
    public var moduleName: String { Self.moduleName(forID: id) }
    public var testModuleName: String { moduleName + "Tests" }

    public static func moduleName(forID id: String) -> String {
        id.split(whereSeparator: { $0 == "-" || $0 == "_" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }
}

/// A module of course code that exercises' tests import, such as the `InterleavingHarness` module:
/// protected like the tests, compiled once per toolchain and flags, never the learner's.
public struct SupportModule: Sendable, Equatable {
    /// The folder under `Exercises/Support/` and the module's name.
    public var name: String
    /// Its Swift files, relative to the repository root, in name order.
    public var files: [String]

    public static let folder = "Exercises/Support"

    public init(name: String, files: [String]) {
        self.name = name
        self.files = files
    }
}

/// An instructor's pacing: learners stop after step `until` so a class moves together.
public struct Pacing: Sendable, Equatable {
    public static let path = "Exercises/classroom.toml"

    public var until: Int
    public var message: String

    public init(until: Int, message: String) {
        self.until = until
        self.message = message
    }
}
