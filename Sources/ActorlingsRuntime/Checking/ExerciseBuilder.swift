public import ActorlingsCore
import Foundation

/// What to compile and run for one check: the exercise module, its tests, their settings.
public struct BuildRequest: Sendable {
    public var moduleName: String
    public var sources: [String]
    public var tests: [String]
    public var settings: CompilerSettings
    /// Where objects, the module, the test binary and its event stream go. Reused between checks
    /// of the same exercise so that the compiled tests can be cached.
    public var buildDirectory: String
    public var timeLimit: Duration
    /// The `@Test`s of the protected test files: a pass needs each to run exactly once.
    public var expectedTests: [TestRunAudit.ExpectedTest]
    /// Finds forbidden constructs in what the compiler understood of `sources`, before any of
    /// the learner's code runs; `nil` screens nothing.
    public var screen: Screen?
    /// Finds forbidden constructs in what the compiler understood of `tests` compiled against the
    /// module, before any test runs: a write-tests exercise's tests are the learner's code.
    /// Its `sources` are the learner's test files; `nil` screens no test.
    public var testsScreen: Screen?
    /// What the protected tests may use of the learner's module: what they use of the reference
    /// solution's. Compared before any test runs; `nil` compares nothing.
    public var testReferences: ReferenceCheck?
    /// The learner's files to snapshot before the tests run and restore after, if the run
    /// changed them; `nil` guards nothing (a solution or a lesson block).
    public var guarded: Guarded?
    /// The macOS to compile for (`MacOSVersion.deploymentTarget`); `nil` leaves the compiler's
    /// default, and is what every other system gets.
    public var macOSTarget: MacOSVersion?
    /// Course modules the tests import (`support` in exercise.toml), compiled apart and linked.
    public var supportModules: [SupportModuleSources] = []
    /// The schedule the `InterleavingHarness` module runs alone (`check --replay SEED`); nil explores.
    public var replaySeed: UInt64?
    /// Links the entry point that can run the whole suite under a chosen order of its jobs
    /// (a write-tests exercise: ExerciseBuilder+WriteTestsSchedules); false links the usual one.
    public var schedulesWholeRun = false

    public struct Guarded: Sendable {
        public var root: String
        /// Repository-relative paths.
        public var paths: [String]
        public var exerciseID: String

        public init(root: String, paths: [String], exerciseID: String) {
            self.root = root
            self.paths = paths
            self.exerciseID = exerciseID
        }
    }

    public struct Screen: Sendable {
        public var finder: ConstructFinder
        public var sources: [ConstructFinder.Source]
        /// The exercise whose `[only-in]` files keep a construct allowed.
        public var exercise: Exercise?
        /// The learner files (display paths) still exactly as shipped, where `allow-while-shipped`
        /// constructs are tolerated.
        public var shippedAsIs: Set<String>
        /// Files compiled with the learner's but not theirs to answer for (protected ones).
        public var unscreened: Set<String>

        public init(
            finder: ConstructFinder, sources: [ConstructFinder.Source], exercise: Exercise? = nil, shippedAsIs: Set<String> = [],
            unscreened: Set<String> = []
        ) {
            self.finder = finder
            self.sources = sources
            self.exercise = exercise
            self.shippedAsIs = shippedAsIs
            self.unscreened = unscreened
        }

        /// The findings that count: not in an `[only-in]` file of their construct, and not an
        /// `allow-while-shipped` construct in a file that is still as shipped.
        public func kept(_ findings: [ForbiddenFinding]) -> [ForbiddenFinding] {
            let findings = findings.filter { !unscreened.contains($0.file) }
            guard let exercise else { return findings }
            return findings.filter { finding in
                !exercise.allows(finding.construct.id, in: finding.file)
                    && !(exercise.allowedWhileShipped.contains(finding.construct.id) && shippedAsIs.contains(finding.file))
            }
        }
    }

    /// A folder of compiled test objects shared between build directories (e.g. between the
    /// students of a class, or the wrong fixes of one exercise): objects are named by the same key
    /// as in `buildDirectory`, which hashes the learner's module interface, the test sources, the
    /// flags and the toolchain.
    public var testObjectCache: String?

    public init(
        moduleName: String, sources: [String], tests: [String], settings: CompilerSettings, buildDirectory: String, timeLimit: Duration,
        expectedTests: [TestRunAudit.ExpectedTest] = [], screen: Screen? = nil, testObjectCache: String? = nil
    ) {
        self.moduleName = moduleName
        self.sources = sources
        self.tests = tests
        self.settings = settings
        self.buildDirectory = buildDirectory
        self.timeLimit = timeLimit
        self.expectedTests = expectedTests
        self.screen = screen
        self.testObjectCache = testObjectCache
    }

    var testModuleName: String { moduleName + "Tests" }
}

/// Compiles an exercise and its Swift Testing tests with `swiftc` directly and runs them.
///
/// Why not SwiftPM: it costs 0.35–0.4 s per command even with nothing to do, and one broken
/// exercise breaks `swift test` for all (see Documentation/Architecture.md). Here each exercise
/// is two modules — the learner's, and its tests with a generated `@main` that calls Swift
/// Testing's entry point — and the test object is reused as long as the learner's module
/// interface is unchanged, so a body edit costs one small compile, a link and the run.
public struct ExerciseBuilder: Sendable {
    public let toolchain: Toolchain
    public let environment: [String: String]
    /// A compile that takes longer than this is stuck (type-checker blow-up), not slow.
    public var compileTimeLimit: Duration = .seconds(180)
    /// What one test run may use (memory, file size, processes).
    public var limits = TestRunLimits()
    /// The operating system's sandbox around every test run; `nil` runs tests unsandboxed (a
    /// machine that can't sandbox, or an instructor's `--no-sandbox`).
    public var sandbox: SandboxSetup?

    /// Runs `swiftc` invocations, planning each shape of invocation with the driver only once.
    public let planner: DriverPlanner
    /// What this process's screens found clean (see `screen`), kept in memory only: the exact
    /// text, no hash a submission could be made to collide with.
    let cleanScreens = CleanScreens()
    /// What this process found the tests to use of the learner's module as expected, by
    /// everything the tests' meaning depends on (`cleanReferencesKey`), in memory only.
    let cleanReferences = CleanComparisons()
    /// The entry point's compile, at most one at a time per object in this process.
    let entryCompiles = OnceEach<CompiledObject>()
    /// The digest of every object this process compiled or read, checked before each link.
    let objects = ObjectLedger()

    public init(toolchain: Toolchain, environment: [String: String]) {
        self.toolchain = toolchain
        self.environment = environment
        self.planner = DriverPlanner(swiftc: toolchain.swiftc, environment: environment)
    }

    /// What one build-and-run found: the outcome, the learner's files the run changed and
    /// that were put back, and the cached objects that were not Actorlings' own.
    public struct Result: Sendable {
        public var outcome: Outcome
        public var restoredFiles: [RestoredFile] = []
        public var tamperedObjects: [TamperedObject] = []
        /// The test binary that ran, to run again under other schedules; nil when none was linked.
        public var binary: String?
    }

    public func build(_ request: BuildRequest) async throws -> Outcome {
        try await buildAndRun(request).outcome
    }

    public func buildAndRun(_ request: BuildRequest) async throws -> Result {
        let directory = request.buildDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let common = Self.commonFlags(request)
        let moduleObject = "\(directory)/\(request.moduleName).o"

        // 0. What the compiler understood of the learner's code, read while the module compiles
        //    (a type check costs about half a compile, on the other core). Links and runs wait for it.
        async let screened = screen(request, common: common)

        // 1. The learner's module.
        let moduleArguments =
            common + [
                "-module-name", request.moduleName, "-emit-module", "-emit-module-path",
                "\(directory)/\(request.moduleName).swiftmodule", "-wmo", "-enable-testing", "-c",
                // One frontend writes both the object and the module (the driver's default is a
                // second frontend for the module: a quarter more CPU on an exercise this size).
                "-no-emit-module-separately-wmo",
            ]
            + request.sources + ["-o", moduleObject]
        let compile = try await swiftc(moduleArguments)
        // Before anything of the learner's runs, the screen must be clean. A module that did not
        // compile runs nothing: its errors come back at once and the dump is cancelled (leaving
        // this scope cancels `screened`, which kills its compiler).
        if compileFailure(compile) == nil, let findings = try await screened, !findings.isEmpty {
            return Result(outcome: .forbidden(findings))
        }
        if request.settings.alsoCheckSwift6 {
            // A migration exercise: what Swift 6 mode says of the same files, next to Swift 5's warnings.
            let swift6 = try await swift6Errors(request)
            switch compileFailure(compile) {
            case .compileFailed(let diagnostics)?: return Result(outcome: .compileFailed(diagnostics + swift6))
            case let failure?: return Result(outcome: failure)
            case nil where !swift6.isEmpty: return Result(outcome: .compileFailed(swift6))
            case nil: break
            }
        }
        if let failure = compileFailure(compile) { return Result(outcome: failure) }
        try objects.recordCompiled(moduleObject)

        // 2. The tests, unless an identical interface was already compiled against; what they
        //    resolve in the learner's module is read meanwhile, on the other core. First the
        //    course modules they import, if any (compiled once, see ExerciseBuilder+Support).
        let support: CompiledSupport
        switch try await compiledSupport(request) {
        case .success(let compiled): support = compiled
        case .failure(let failure): return Result(outcome: failure.outcome)
        }
        let testsCommon = common + support.importFlags
        async let testsScreened = screenTests(request, common: testsCommon)
        let testObject = try await testsObject(request, common: testsCommon)
        var tampered = support.tampered + testObject.tampered
        switch testObject.result {
        case .failed(let outcome): return Result(outcome: outcome, tamperedObjects: tampered)
        case .built(let path):
            let testFindings = try await testsScreened
            if !testFindings.isEmpty { return Result(outcome: .forbidden(testFindings), tamperedObjects: tampered) }
            // 3. Link, with the entry point every exercise shares.
            let binary = "\(directory)/\(request.moduleName)-tests"
            let linked = try await linkTestBinary(
                request,
                objects: LinkedObjects(module: moduleObject, moduleArguments: moduleArguments, tests: path, support: support.objects),
                common: testsCommon, binary: binary)
            tampered += linked.tampered
            if let failure = linked.failure { return Result(outcome: failure, tamperedObjects: tampered) }
            // 4. Run.
            let snapshot = request.guarded.map { LearnerFilesSnapshot.take(root: $0.root, paths: $0.paths) }
            let outcome = try await runTests(binary: binary, request: request)
            let restored = request.guarded.flatMap { guarded in snapshot?.restoreChanges(exerciseID: guarded.exerciseID) } ?? []
            return Result(outcome: outcome, restoredFiles: restored, tamperedObjects: tampered, binary: binary)
        }
    }

    /// Line tables only where a report reads them: Thread Sanitizer's race reports name the
    /// learner's lines from them. Nothing else does (the backtracer is off; `fatalError` and Swift
    /// Testing carry their own file and line), and they cost 15% of a learner module's compile and
    /// 9% of a test module's (`perf stat -r 10`, `actor-for-shared-state`: 119 → 101 ms, 342 → 312 ms).
    static func debugInfoFlags(_ settings: CompilerSettings) -> [String] {
        settings.sanitizer == .thread ? ["-gline-tables-only"] : []
    }

    /// The environment variable that tells the entry point where to write the event stream.
    static let eventStreamVariable = "ACTORLINGS_EVENT_STREAM"
    /// The pid of the process the test binary must not outlive.
    static let parentVariable = "ACTORLINGS_PARENT"
    /// ``TestRunLimits/environmentValue(processesRunning:limitMemory:)``.
    static let limitsVariable = "ACTORLINGS_LIMITS"

    func swiftc(_ arguments: [String], outputLimit: Int = ProcessRequest.defaultOutputLimit) async throws -> ProcessResult {
        try await planner.run(arguments, timeLimit: compileTimeLimit, outputLimit: outputLimit)
    }

    /// What a compile (or, with `linking`, a link) that did not succeed means for the learner
    /// (the judge decides; nil when it succeeded).
    func compileFailure(_ result: ProcessResult, linking: Bool = false) -> Outcome? {
        judged(
            CompileTranscript(termination: result.termination, output: result.output, timeLimit: compileTimeLimit, linking: linking),
            module: "swiftc")
    }

    func runTests(binary: String, request: BuildRequest, scheduleSeed: UInt64? = nil) async throws -> Outcome {
        // A new name each run, given only through a variable the entry point removes before
        // any test runs: learner code finds no path to write a report of its own to.
        let events = "\(request.buildDirectory)/events-\(UUID().uuidString).jsonl"
        defer { try? FileManager.default.removeItem(atPath: events) }
        var environment = environment
        environment[Self.recordTranscriptsVariable] = nil
        environment[Self.eventStreamVariable] = events
        if let seed = request.replaySeed { environment[Self.replayVariable] = String(seed) }
        if let scheduleSeed { environment[Self.scheduleVariable] = String(scheduleSeed) }
        // The backtracer spends seconds symbolicating a crash we only report in one line.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment["NO_COLOR"] = "1"
        if request.settings.sanitizer == .thread {
            // The toolchain's own symbolizer, not the first one on the PATH: the sandbox lets the
            // test run execute only that one.
            let symbolizer = URL(fileURLWithPath: toolchain.swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("llvm-symbolizer").path
            environment["TSAN_OPTIONS"] =
                "atexit_sleep_ms=0" + (FileManager.default.isExecutableFile(atPath: symbolizer) ? ":external_symbolizer_path=\(symbolizer)" : "")
        }
        // Read and removed by the entry point before any test runs: it dies with this process,
        // and sets its own resource limits.
        environment[Self.parentVariable] = String(getpid())
        environment[Self.limitsVariable] = limits.environmentValue(
            processesRunning: ProcessTree.userTaskCount(), limitMemory: request.settings.sanitizer != .thread)
        var run = ProcessRequest(
            executable: binary, arguments: [], environment: environment, workingDirectory: request.buildDirectory,
            timeLimit: request.timeLimit)
        // In the sandbox the run's only writable place is a scratch folder of its own (its
        // working and temporary folder, and its home), besides the event stream.
        let scratch = "\(request.buildDirectory)/run-\(UUID().uuidString)"
        // Removed without following links: a process of the run could still be swapping names in it.
        defer { if sandbox != nil { FolderRemoval.removeTree(scratch) } }
        if let sandbox {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: false)
            guard FileManager.default.createFile(atPath: events, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: events])
            }
            for variable in ["TMPDIR", "HOME"] { run.environment[variable] = scratch }
            run.workingDirectory = scratch
            run = sandbox.wrap(run, policy: sandbox.policy(binary: binary, scratch: scratch, eventStream: events))
        }
        let result = try await Subprocess.run(run)
        if sandbox != nil, case .exited(Sandbox.launcherFailureStatus) = result.termination,
            let line = result.output.split(whereSeparator: \.isNewline).first, line.hasPrefix(Sandbox.launcherFailurePrefix)
        {
            // Printed by the launcher before the test binary started: no learner code ran.
            throw SandboxLaunchError(message: String(line.dropFirst(Sandbox.launcherFailurePrefix.count)))
        }
        return judged(
            TestRunTranscript(
                termination: result.termination, output: result.output,
                eventStream: (try? String(contentsOfFile: events, encoding: .utf8)) ?? "", timeLimit: request.timeLimit,
                expectedTests: request.expectedTests, learnerFiles: request.sources, limits: limits),
            module: request.moduleName)
    }

}

/// Keys of screens that found nothing.
actor CleanScreens {
    private var keys: Set<String> = []

    func contains(_ key: String) -> Bool { keys.contains(key) }
    func insert(_ key: String) { keys.insert(key) }
}

/// The sandbox could not be applied, so the tests were not run: the machine's fault, not the learner's.
public struct SandboxLaunchError: Error, CustomStringConvertible {
    public var message: String
    public var description: String {
        "the tests could not be started in the sandbox: \(message). Run `actorlings doctor`; an instructor can grade without the sandbox with --no-sandbox (the report says so)"
    }
}

/// The engine could not check the code for a reason that is not the learner's mistake.
enum ExerciseBuildError: Error, CustomStringConvertible {
    case astTooLarge(limit: Int)

    var description: String {
        switch self {
        case .astTooLarge(let limit):
            "the compiler's description of the code is larger than \(limit >> 20) MB; an exercise is never that large — check that the exercise's files are the ones shipped"
        }
    }
}
