public import ActorlingsCore
import Foundation

/// Checks one exercise from the learner's files to a verdict: protected tests untouched, no
/// forbidden construct, then compile and run (`ExerciseBuilder`).
public struct ExerciseChecker: Sendable {
    public let root: String
    public let course: Course
    public let shipped: ShippedFiles
    public let builder: ExerciseBuilder
    /// Compiled tests shared between checks of different copies of the same exercise (a class
    /// graded on one machine); nil keeps them in each build directory.
    public var testObjectCache: String?
    /// `check --replay SEED`: the `InterleavingHarness` module runs that schedule alone.
    public var replaySeed: UInt64?

    public init(root: String, course: Course, shipped: ShippedFiles, builder: ExerciseBuilder) {
        self.root = root
        self.course = course
        self.shipped = shipped
        self.builder = builder
    }

    /// Where one exercise's build products live between checks.
    public func buildDirectory(for exercise: Exercise) -> String {
        StateFolder(root: root).build(exercise.id)
    }

    /// Checks the learner's copy of `exercise`, or `sourceDirectory`'s files instead (a solution).
    public func check(
        _ exercise: Exercise, sourceDirectory: String? = nil, buildDirectory: String? = nil
    ) async throws -> Verdict {
        // Not the learner's doing and not theirs to fix: an exercise this Mac is too old for.
        if let running = Platform.runningMacOS(), running < exercise.settings.requiredMacOS {
            return Verdict(
                exerciseID: exercise.id, outcome: .systemTooOld(required: exercise.settings.requiredMacOS, running: running), duration: .zero)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await outcome(
            exercise, sourceDirectory: sourceDirectory ?? exercise.learnerDirectory,
            buildDirectory: buildDirectory ?? self.buildDirectory(for: exercise), guardsLearnerFiles: sourceDirectory == nil)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let tampered = result.tamperedObjects.map { object in
            TamperedObject(path: object.path.hasPrefix(prefix) ? String(object.path.dropFirst(prefix.count)) : object.path, evidence: object.evidence)
        }
        return Verdict(
            exerciseID: exercise.id, outcome: result.outcome, duration: clock.now - start, restoredFiles: result.restoredFiles,
            tamperedObjects: tampered)
    }

    /// The macOS every exercise compiles for on a Mac (`nil` elsewhere): the generated package's,
    /// or the running system's when that is older.
    var macOSTarget: MacOSVersion? {
        Platform.runningMacOS().map { MacOSVersion.deploymentTarget(package: ExercisesManifest.platform(course).version, running: $0) }
    }

    /// Every exercise's learner files and tests: what a test run must leave as it found them.
    var learnerFiles: [String] {
        course.exercises.flatMap { $0.sourcePaths + $0.testPaths }
    }

    private func outcome(
        _ exercise: Exercise, sourceDirectory: String, buildDirectory: String, guardsLearnerFiles: Bool
    ) async throws -> ExerciseBuilder.Result {
        let edited = editedTests(exercise)
        if !edited.isEmpty { return ExerciseBuilder.Result(outcome: .testsEdited(edited)) }
        if exercise.kind == .writeTests {
            return try await writtenTestsOutcome(
                exercise, sourceDirectory: sourceDirectory, buildDirectory: buildDirectory, guardsLearnerFiles: guardsLearnerFiles)
        }

        var sources: [String] = []
        var screened: [ConstructFinder.Source] = []
        var shippedAsIs: Set<String> = []
        let finder = ConstructFinder(constructs: exercise.forbidden.compactMap { exercise.construct(id: $0, in: course) })
        let read = readLearnerFiles(exercise, sourceDirectory: sourceDirectory)
        for (name, path, relative, data) in read.files {
            sources.append(path)
            screened.append(ConstructFinder.Source(path: path, displayPath: relative, text: String(decoding: data, as: UTF8.self)))
            if let id = shipped.ids[exercise.sourcesPath + "/" + name], id == GitBlobID.of(Array(data)) {
                shippedAsIs.insert(relative)
            }
        }
        if !read.problems.isEmpty { return ExerciseBuilder.Result(outcome: .unreadableFiles(read.problems)) }
        // Protected files are the course's, not the answer's: always the exercise's own copy,
        // compiled with the learner's but never screened (a library may use what the learner may not).
        let protectedPaths = exercise.protectedPaths.map(absolute)
        sources += protectedPaths
        let screen = BuildRequest.Screen(
            finder: finder, sources: screened, exercise: exercise, shippedAsIs: shippedAsIs, unscreened: Set(protectedPaths))
        // Attributes and modifiers are found in the tokens at once; names need the compiler's
        // view, which the builder reads before any of the learner's code runs.
        let syntaxFindings = screen.kept(finder.findings(in: screened, view: nil))
        if !syntaxFindings.isEmpty { return ExerciseBuilder.Result(outcome: .forbidden(syntaxFindings)) }

        let testPaths = exercise.testPaths.map(absolute)
        var expected: [TestRunAudit.ExpectedTest] = []
        for path in testPaths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            expected += TestRunAudit.expectedTests(in: String(decoding: data, as: UTF8.self), file: path)
        }
        var builder = builder
        builder.compileTimeLimit = exercise.compileTimeLimit
        var request = BuildRequest(
            moduleName: exercise.moduleName, sources: sources, tests: testPaths,
            settings: exercise.settings, buildDirectory: buildDirectory, timeLimit: exercise.timeLimit,
            expectedTests: expected, screen: screen, testObjectCache: testObjectCache)
        if guardsLearnerFiles {
            request.guarded = BuildRequest.Guarded(root: root, paths: learnerFiles, exerciseID: exercise.id)
        }
        request.macOSTarget = macOSTarget
        request.testReferences = try referenceCheck(for: exercise, learnerFiles: screened)
        request.supportModules = supportSources(of: exercise)
        request.replaySeed = replaySeed
        var result = try await builder.buildAndRun(request)
        result.outcome = relativized(result.outcome)
        return result
    }

    /// The learner's files of `exercise` in `sourceDirectory`, read — each with its name, its
    /// absolute and its relative path — or, for each that can't be used, the problem ``PreBuildChecks`` names.
    func readLearnerFiles(
        _ exercise: Exercise, sourceDirectory: String
    ) -> (files: [(name: String, path: String, relative: String, data: Data)], problems: [Diagnostic]) {
        var files: [(name: String, path: String, relative: String, data: Data)] = []
        var problems: [Diagnostic] = []
        for name in exercise.files {
            let relative = sourceDirectory + "/" + name
            let path = absolute(relative)
            var contents: Data?
            let state: PreBuildChecks.FileState
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > PreBuildChecks.sourceSizeLimit {
                state = .tooLarge(bytes: size)
            } else {
                contents = FileManager.default.contents(atPath: path)
                state = contents == nil ? .missing : .readable
            }
            if let problem = PreBuildChecks.problem(with: state, at: relative, exerciseID: exercise.id) {
                problems.append(problem)
            } else if let contents {
                files.append((name, path, relative, contents))
            }
        }
        return (files, problems)
    }

    /// Protected files — the tests, and the `protected` sources — that differ from the shipped
    /// ones, were deleted, or (tests) were added (decided by ``PreBuildChecks``).
    public func editedTests(_ exercise: Exercise) -> [String] {
        PreBuildChecks.editedProtectedFiles(of: exercise, shipped: shipped) { path in
            FileManager.default.contents(atPath: absolute(path)).map { GitBlobID.of(Array($0)) }
        }
    }

    public func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : root + "/" + path
    }

    /// Paths in diagnostics and test issues, relative to the repository root: shorter, and the
    /// same on every machine (golden files depend on it).
    func relativized(_ outcome: Outcome) -> Outcome {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        func relative(_ path: String?) -> String? {
            guard let path, path.hasPrefix(prefix) else { return path }
            return String(path.dropFirst(prefix.count))
        }
        func fix(_ diagnostic: Diagnostic) -> Diagnostic {
            var copy = diagnostic
            copy.file = relative(diagnostic.file)
            copy.notes = diagnostic.notes.map(fix)
            return copy
        }
        switch outcome {
        case .compileFailed(let diagnostics):
            return .compileFailed(diagnostics.map(fix))
        case .testsFailed(var report):
            for index in report.results.indices {
                for issue in report.results[index].issues.indices {
                    report.results[index].issues[issue].file = relative(report.results[index].issues[issue].file)
                }
            }
            return .testsFailed(report)
        default:
            return outcome
        }
    }
}
