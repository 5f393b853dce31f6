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
    case forbidden([ForbiddenFinding])
    /// The tests did not all run exactly once, or the run did not reach its end: never a pass,
    /// whatever the exit status (learner code runs inside the test process).
    case incompleteRun(IncompleteRun)
    /// Protected test files differ from what was shipped.
    case testsEdited([String])
    /// Not checked: this Mac runs an older macOS than the exercise's `minimum-macos`, so no
    /// answer could pass here.
    case systemTooOld(required: MacOSVersion, running: MacOSVersion)

    /// `timedOut`'s `running` when a compile was stopped at its time limit.
    public static let compilerRunning = ["the compiler"]

    public var isPassed: Bool {
        if case .passed = self { return true }
        return false
    }

    /// A stable one-word name for reports and progress files.
    public var kind: String {
        switch self {
        case .passed: "passed"
        case .compileFailed: "compile-failed"
        case .testsFailed: "tests-failed"
        case .timedOut: "timed-out"
        case .crashed: "crashed"
        case .forbidden: "forbidden"
        case .incompleteRun: "incomplete-run"
        case .testsEdited: "tests-edited"
        case .systemTooOld: "system-too-old"
        }
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
