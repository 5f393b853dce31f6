/// What happened to the learner's code: a value, never an error.
///
/// A tool failure (no compiler, unreadable course) is a thrown error instead; the two never mix,
/// so "your code does not compile" can never be mistaken for "Actorlings is broken".
public enum Outcome: Sendable, Equatable {
    case passed(testCount: Int)
    /// Errors or warnings: an exercise passes only with zero warnings.
    case compileFailed([Diagnostic])
    case testsFailed(TestRunReport)
    /// Killed after `limit`; `running` names the tests that had not finished, or is
    /// ``Outcome/compilerRunning`` when the compiler, not the tests, ran out of time.
    case timedOut(limit: Duration, running: [String], output: [String])
    /// The test process died: a signal (e.g. a continuation resumed twice), or a non-zero exit
    /// with no failing test (e.g. a Thread Sanitizer report). `limit` names the resource limit
    /// of the run that killed it, when that is the cause.
    case crashed(signal: Int32?, exitCode: Int32?, output: [String], limit: ResourceLimit? = nil)
    /// Thread Sanitizer reported a data race while the tests ran (whether or not they passed):
    /// `report` is the heart of its first report, the learner's lines first.
    case dataRace(report: [String])
    case forbidden([ForbiddenFinding])
    /// The tests did not all run exactly once, or the run did not reach its end: never a pass,
    /// whatever the exit status (learner code runs inside the test process).
    case incompleteRun(IncompleteRun)
    /// Protected test files differ from what was shipped.
    case testsEdited([String])
    /// Learner files that could not be used as they are (missing, unreadable, far too large):
    /// nothing was compiled. One diagnostic per file, saying how to restore it.
    case unreadableFiles([Diagnostic])
    /// Not a verdict on the learner's code: the course or the grader could not check it.
    case notChecked(NotChecked)
    /// Not checked: this Mac runs an older macOS than the exercise's `minimum-macos`, so no
    /// answer could pass here.
    case systemTooOld(required: MacOSVersion, running: MacOSVersion)

    /// `timedOut`'s `running` when a compile was stopped at its time limit.
    public static let compilerRunning = ["the compiler"]

    /// Whether a busy machine alone could have given this outcome: a run stopped at its time
    /// limit, or one that hit the process limit (which counts every process of the user, so
    /// others starting at the same moment count against it). The course check runs such a check
    /// once more, with three times the time limit, before the outcome counts against the course.
    public var mayBeTheMachine: Bool {
        switch self {
        case .timedOut: true
        case .crashed(_, _, _, .processes?): true
        default: false
        }
    }

    public var isPassed: Bool {
        if case .passed = self { return true }
        return false
    }

    /// The outcome's name in reports, progress files and hints.
    public var kind: OutcomeKind {
        switch self {
        case .passed: .passed
        case .compileFailed: .compileFailed
        case .testsFailed: .testsFailed
        case .timedOut: .timedOut
        case .crashed: .crashed
        case .dataRace: .dataRace
        case .forbidden: .forbidden
        case .incompleteRun: .incompleteRun
        case .testsEdited: .testsEdited
        case .unreadableFiles: .unreadableFiles
        case .notChecked(let reason): reason.cause == .course ? .courseError : .graderFailure
        case .systemTooOld: .systemTooOld
        }
    }
}

/// The one vocabulary for what became of a check: progress files, grade reports, hints' `outcome`
/// and the class page all spell an outcome this way. The first nine are the names `progress.json`
/// has always stored.
public enum OutcomeKind: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case passed
    case compileFailed = "compile-failed"
    case testsFailed = "tests-failed"
    case timedOut = "timed-out"
    case crashed
    case forbidden
    case incompleteRun = "incomplete-run"
    case testsEdited = "tests-edited"
    case systemTooOld = "system-too-old"
    case dataRace = "data-race"
    case unreadableFiles = "unreadable-files"
    case courseError = "course-error"
    case graderFailure = "grader-failure"

    public var description: String { rawValue }

    /// Also reads the names grade reports of format 1 used for two kinds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        switch name {
        case "failed": self = .testsFailed
        case "compile-error": self = .compileFailed
        default:
            guard let kind = OutcomeKind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown outcome '\(name)'; expected one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self = kind
        }
    }

    /// Outcomes that say nothing about the learner's code: no points are lost to them as a
    /// judgement, and an instructor reads them as "look at the course or the grader".
    public var isAboutTheCode: Bool {
        switch self {
        case .systemTooOld, .courseError, .graderFailure: false
        default: true
        }
    }
}

/// Why an exercise was not checked, when the reason is neither the learner's code nor their files.
public struct NotChecked: Sendable, Equatable {
    public enum Cause: String, Sendable {
        /// The course is broken: a support module that does not compile, tests that do not compile
        /// against the course's own code. `dev check` reports these.
        case course
        /// The grader could not do its work: compiled objects that keep changing, a check that threw.
        case grader
    }

    public var cause: Cause
    /// One sentence, with what to do next.
    public var message: String

    public init(_ cause: Cause, _ message: String) {
        self.cause = cause
        self.message = message
    }
}

/// A forbidden construct found in the learner's code.
public struct ForbiddenFinding: Sendable, Equatable {
    public var construct: Construct
    public var file: String
    public var line: Int
    public var column: Int
    public var lineText: String

    public init(construct: Construct, file: String, line: Int, column: Int, lineText: String) {
        self.construct = construct
        self.file = file
        self.line = line
        self.column = column
        self.lineText = lineText
    }
}

/// The verdict on one check of one exercise.
public struct Verdict: Sendable, Equatable {
    public var exerciseID: String
    public var outcome: Outcome
    public var duration: Duration
    /// The learner's files that the test run changed or deleted, and that were put back.
    public var restoredFiles: [RestoredFile]
    /// Cached compiled objects that were not the ones Actorlings compiled, and so were compiled
    /// again rather than linked.
    public var tamperedObjects: [TamperedObject]

    public init(
        exerciseID: String, outcome: Outcome, duration: Duration, restoredFiles: [RestoredFile] = [], tamperedObjects: [TamperedObject] = []
    ) {
        self.exerciseID = exerciseID
        self.outcome = outcome
        self.duration = duration
        self.restoredFiles = restoredFiles
        self.tamperedObjects = tamperedObjects
    }
}

/// A learner's file that a test run changed or deleted.
public struct RestoredFile: Sendable, Equatable {
    public enum Change: String, Sendable { case changed, deleted }

    /// Repository-relative.
    public var path: String
    public var change: Change
    /// False when putting the file back failed (the verdict then says where its content is).
    public var restored: Bool
    /// Where what the run left in its place was kept (repository-relative folder), if anything.
    public var runVersion: String?

    public init(path: String, change: Change, restored: Bool, runVersion: String?) {
        self.path = path
        self.change = change
        self.restored = restored
        self.runVersion = runVersion
    }
}
