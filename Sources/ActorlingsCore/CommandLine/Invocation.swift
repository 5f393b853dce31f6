/// A parsed command line: what to do, and how to print it.
public struct Invocation: Sendable, Equatable {
    public var command: Command
    public var color: ColorChoice
    /// `--root PATH`: the checkout, when not found by walking up from the current directory.
    public var root: String?
    /// `--all-diagnostics`: verdicts show every diagnostic, not only the first three.
    public var allDiagnostics = false
    /// `check ID --replay SEED`: tests that explore interleavings run only the schedule `SEED`.
    public var replaySeed: UInt64?

    public init(command: Command, color: ColorChoice = .auto, root: String? = nil, allDiagnostics: Bool = false) {
        self.command = command
        self.color = color
        self.root = root
        self.allDiagnostics = allDiagnostics
    }
}

public enum ColorChoice: String, Sendable, Equatable, CaseIterable {
    case auto, always, never
}

/// Every command Actorlings knows: a closed set, so help text and dispatch can't drift apart.
public enum Command: Sendable, Equatable {
    /// No command: watch mode in a terminal, a status summary otherwise.
    case start
    case watch
    case list
    case check(CheckTarget)
    case hint(String?)
    case lesson(String?)
    case reset(String, confirmed: Bool)
    /// `reset ID --undo`: put back the version the last reset of the exercise backed up.
    case undoReset(String)
    case solution(String)
    case devCheck(only: [String])
    /// `dev mutants [ID…]`: the mutation score of each exercise's tests.
    case devMutants(only: [String])
    case devGenerate
    case grade(GradeOptions)
    /// Explain pasted diagnostics (nil: read them from standard input).
    case explain(String?)
    /// Build a package and explain its concurrency diagnostics.
    case explainBuild(path: String, survey: Bool = false)
    /// Combine students' JSON grade reports into a class summary.
    case classSummary(files: [String], format: ClassSummaryFormat, output: String?)
    /// Grade many submissions against this (trusted) course, in parallel.
    case classGrade(ClassGradeOptions)
    /// Measures save→verdict on one exercise (see `Documentation/Architecture.md`).
    case devBenchmark(exercise: String?, runs: Int)
    /// The pre-flight check of a machine before a workshop.
    case doctor(DoctorOptions)
    /// Bring the course's new lessons, tests, data and tool from its upstream (nil: the one
    /// remembered), or undo the last update.
    case update(source: String?, undo: Bool)
    case help(String?)
    case version

    public enum CheckTarget: Sendable, Equatable {
        case current
        case exercise(String)
        case all
    }
}

/// A command line that could not be understood: printed with the usage, exit code 64.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// The command whose usage to show, if known.
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}

/// What `actorlings grade` counts and how it reports.
public struct GradeOptions: Sendable, Equatable {
    public var steps: [Int] = []
    public var only: [String] = []
    public var format: GradeReportFormat = .text
    public var output: String?
    /// Pass when the score (percent of points) reaches this, instead of requiring every exercise.
    public var minimumScore: Double?
    /// More reports from the same grading run (`--report json=grade.json`), so CI grades once.
    public var extraReports: [(format: GradeReportFormat, path: String)] = []
    /// `--submission PATH`: grade that checkout's learner files against this (trusted) course.
    public var submission: String?
    /// How many exercises to check at once (default: one more than the cores).
    public var jobs: Int?
    /// A folder of compiled test objects shared between runs (content-addressed).
    public var testCache: String?
    /// `--no-sandbox`: the instructor's explicit choice to grade a submission on a machine that
    /// cannot sandbox; the report records it.
    public var noSandbox = false
    /// `--release REF` (with `--submission`): the course release (a tag of the trusted
    /// checkout) to judge the submission by, instead of the one its workflow names.
    public var release: String?

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.steps == rhs.steps && lhs.only == rhs.only && lhs.format == rhs.format && lhs.output == rhs.output
            && lhs.minimumScore == rhs.minimumScore && lhs.submission == rhs.submission && lhs.jobs == rhs.jobs
            && lhs.testCache == rhs.testCache && lhs.noSandbox == rhs.noSandbox && lhs.release == rhs.release
            && lhs.extraReports.map(\.format) == rhs.extraReports.map(\.format) && lhs.extraReports.map(\.path) == rhs.extraReports.map(\.path)
    }

    public init(steps: [Int] = [], only: [String] = [], format: GradeReportFormat = .text, output: String? = nil, minimumScore: Double? = nil) {
        self.steps = steps
        self.only = only
        self.format = format
        self.output = output
        self.minimumScore = minimumScore
    }
}

/// What `actorlings class grade` grades and where it writes the reports.
public struct ClassGradeOptions: Sendable, Equatable {
    /// Folders, git repositories (URLs or paths) or git bundles, one per student.
    public var submissions: [String]
    /// Where the per-student JSON reports and the class summary go.
    public var outputDirectory: String
    /// How many exercises to check at once, across all students (default: one more than the cores).
    public var jobs: Int?
    /// `--step` / `--only`, as `grade` takes them: the exercises every student is graded on.
    public var steps: [Int] = []
    public var only: [String] = []
    /// `--no-sandbox`, handed to each student's `grade --submission`.
    public var noSandbox = false
    /// `--release REF`: the course release (a tag of the trusted checkout) every submission's
    /// course files are judged against; nil: each submission's own (its workflow's `course-ref`).
    public var release: String?

    public init(submissions: [String], outputDirectory: String = "grades", jobs: Int? = nil, steps: [Int] = [], only: [String] = []) {
        self.submissions = submissions
        self.outputDirectory = outputDirectory
        self.jobs = jobs
        self.steps = steps
        self.only = only
    }
}

/// What `actorlings doctor` checks.
public struct DoctorOptions: Sendable, Equatable {
    /// Free space below this (in MiB) where exercises are built fails the check.
    public var minimumFreeMegabytes: Int
    /// Build the tool (`swift build`) as part of the check.
    public var build: Bool

    public init(minimumFreeMegabytes: Int = 1024, build: Bool = true) {
        self.minimumFreeMegabytes = minimumFreeMegabytes
        self.build = build
    }
}
