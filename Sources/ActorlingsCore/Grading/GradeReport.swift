/// The result of `actorlings grade`: every counted exercise re-checked from scratch, with its
/// status, reason and points. Its JSON form is documented in `Documentation/GradeReport.md`
/// and versioned by `format`.
public struct GradeReport: Codable, Sendable, Equatable {
    public static let currentFormat = 2

    public struct Tool: Codable, Sendable, Equatable {
        public var name: String
        public var version: String
    }

    public struct CourseInfo: Codable, Sendable, Equatable {
        public var title: String
        public var version: String
        /// The release of the course the submission was judged against (`v1`: the tag or commit
        /// named by its `course-ref` or by `--release`); absent when it was the checkout as it is.
        public var release: String?
    }

    /// Who was graded, when it can be told: for a submission, its last commit's author, its
    /// commit and its `origin` (credentials removed); for a checkout graded in place, git's
    /// configuration and the CI's repository.
    public struct Student: Codable, Sendable, Equatable {
        public var name: String?
        public var email: String?
        public var repository: String?
        public var commit: String?

        public init(name: String? = nil, email: String? = nil, repository: String? = nil, commit: String? = nil) {
            self.name = name
            self.email = email
            self.repository = repository
            self.commit = commit
        }
    }

    /// A submission graded against a trusted course (`grade --submission`): what in it differs
    /// from the course outside the learner's files. Evidence for the instructor, never a score.
    public struct Submission: Codable, Sendable, Equatable {
        public var flags: [SubmissionFlag]

        public init(flags: [SubmissionFlag]) {
            self.flags = flags
        }
    }

    public struct Totals: Codable, Sendable, Equatable {
        public var points: Int
        public var maxPoints: Int
        public var passed: Int
        public var exercises: Int
    }

    public var format: Int
    public var tool: Tool
    public var toolchain: String
    public var course: CourseInfo
    public var student: Student
    /// ISO 8601, UTC.
    public var generatedAt: String
    public var exercises: [GradedExercise]
    public var totals: Totals
    /// Present when a submission was graded against a trusted course.
    public var submission: Submission?
    /// Whether the tests ran in the operating system's sandbox; absent in reports from before it.
    public var sandbox: SandboxInfo?
    /// Exercises of steps that pacing (`classroom.toml`) keeps closed: not graded, not in
    /// `totals`, but part of GitHub Classroom's maximum so it does not move as steps open.
    /// Absent when nothing is closed (or `--step`/`--only` chose the exercises).
    public var opensLater: [ClosedExercise]?

    /// An exercise not open yet: what it will be worth.
    public struct ClosedExercise: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var step: Int
        public var maxPoints: Int

        public init(_ exercise: Exercise) {
            id = exercise.id
            title = exercise.title
            step = exercise.stepNumber
            maxPoints = exercise.points
        }
    }

    /// How the tests ran: `status` is `enforced`, `unavailable` or `disabled` (`--no-sandbox`),
    /// `detail` the mechanism or the reason.
    public struct SandboxInfo: Codable, Sendable, Equatable {
        public var status: String
        public var detail: String

        public init(_ status: SandboxStatus) {
            self.status = status.kind
            self.detail = status.summary
        }
    }

    public init(
        toolVersion: String, toolchain: String, course: Course, student: Student, generatedAt: String,
        exercises: [GradedExercise], submission: Submission? = nil
    ) {
        self.submission = submission
        self.format = Self.currentFormat
        self.tool = Tool(name: "actorlings", version: toolVersion)
        self.toolchain = toolchain
        self.course = CourseInfo(title: course.title, version: course.version)
        self.student = student
        self.generatedAt = generatedAt
        self.exercises = exercises
        self.totals = Totals(
            points: exercises.reduce(0) { $0 + $1.points }, maxPoints: exercises.reduce(0) { $0 + $1.maxPoints },
            passed: exercises.filter { $0.status == .passed }.count, exercises: exercises.count)
    }

    /// Points earned as a percentage of the points available (100 when nothing counts).
    public var score: Double {
        totals.maxPoints == 0 ? 100 : Double(totals.points) * 100 / Double(totals.maxPoints)
    }

    public var allPassed: Bool { totals.passed == totals.exercises }

    /// Marks the exercises a learner's progress records as skipped; points and totals stay as
    /// the checks made them.
    public mutating func markSkipped(_ progress: LearnerProgress) {
        for index in exercises.indices where progress.isSkipped(exercises[index].id) {
            exercises[index].skipped = true
        }
    }
}

/// One exercise's grade.
public struct GradedExercise: Codable, Sendable, Equatable {
    /// What became of the check, in the one vocabulary of outcomes (``OutcomeKind``). Reports of
    /// format 1 spelled two of them differently (`failed`, `compile-error`); both still read.
    public typealias Status = OutcomeKind

    public struct Problem: Codable, Sendable, Equatable {
        public var message: String
        public var group: String?
        public var file: String?
        public var line: Int?

        public init(message: String, group: String? = nil, file: String? = nil, line: Int? = nil) {
            self.message = message
            self.group = group
            self.file = file
            self.line = line
        }
    }

    public var id: String
    public var title: String
    public var step: Int
    public var status: Status
    /// One sentence for people: why it did not pass, or "all N tests passed".
    public var reason: String
    public var points: Int
    public var maxPoints: Int
    public var durationSeconds: Double
    /// The first compile diagnostics, failing tests, findings or edited files.
    public var problems: [Problem]
    /// Things an instructor should look at that do not change the grade, e.g. `copied-solution`.
    public var flags: [String]
    /// A cached compiled object was not the one the grader compiled (`TamperedObject`): the
    /// grade comes from the object compiled again, and someone may have tried to forge it.
    public static let cacheTamperedFlag = "cache-tampered"
    /// `true` when every learner file is still as the course shipped it: the learner has not
    /// started this exercise. Absent (nil) in reports that could not tell, and when false.
    public var unchanged: Bool?
    /// True when the learner's progress file records a deliberate skip; absent otherwise. The
    /// learner can write that file, so this is information and never changes a score.
    public var skipped: Bool?

    /// Whether the learner has not touched this exercise yet: its failure is the shipped one.
    /// Edited tests are something the learner did, so they are never "not started".
    public var isNotStarted: Bool { unchanged == true && status != .passed && status != .testsEdited }
    public var isSkipped: Bool { skipped == true && status != .passed }

    public init(exercise: Exercise, verdict: Verdict, copiedSolution: Bool) {
        id = exercise.id
        title = exercise.title
        step = exercise.stepNumber
        maxPoints = exercise.points
        durationSeconds = (verdict.duration.inSeconds * 1000).rounded() / 1000
        flags = copiedSolution ? ["copied-solution"] : []
        if !verdict.tamperedObjects.isEmpty { flags.append(Self.cacheTamperedFlag) }
        status = verdict.outcome.kind
        reason = OutcomeWords.reason(verdict.outcome, exercise: exercise)
        switch verdict.outcome {
        case .passed, .systemTooOld:
            problems = []
        case .compileFailed(let diagnostics), .unreadableFiles(let diagnostics):
            let ordered = diagnostics.filter { $0.severity == .error } + diagnostics.filter { $0.severity != .error }
            problems = ordered.prefix(5).map {
                Problem(message: "\($0.severity.rawValue): \($0.displayMessage)", group: $0.group, file: $0.file, line: $0.line)
            }
        case .testsFailed(let report):
            problems = report.failures.prefix(5).map { failure in
                let issue = failure.issues.first
                return Problem(message: "\(failure.title): \(issue?.message ?? "failed")", file: issue?.file, line: issue?.line)
            }
        case .timedOut(_, let running, _):
            problems = running.map { Problem(message: "still running: \($0)") }
        case .crashed(_, _, let output, _):
            problems = output.suffix(3).map { Problem(message: $0) }
        case .dataRace(let report):
            problems = report.prefix(5).map { Problem(message: $0) }
        case .forbidden(let findings):
            problems = findings.prefix(5).map { Problem(message: "forbidden: \($0.construct.name)", file: $0.file, line: $0.line) }
        case .incompleteRun(let run):
            problems = run.reasons.map { Problem(message: $0) }
        case .testsEdited(let paths):
            let protectedSources = paths.filter(exercise.protectedPaths.contains)
            problems = paths.map { Problem(message: protectedSources.contains($0) ? "edited (protected)" : "edited", file: $0) }
        case .notChecked(let reason):
            problems = [Problem(message: reason.message)]
        }
        points = status == .passed ? exercise.points : 0
    }
}
