import ActorlingsCore
import Foundation

/// Checking an exercise whose answer is a test (`kind = "write-tests"`): the learner's tests
/// must pass against the implementation in `Sources/` and fail against every mutant.
extension ExerciseChecker {
    /// The learner's test files (from `sourceDirectory`: their `Tests/`, or a solution's or
    /// corpus entry's folder) are compiled with the exercise's protected tests, against the
    /// correct implementation first and then against each mutant, one build folder for all
    /// (the mutants keep the implementation's interface, so the compiled tests are reused).
    func writtenTestsOutcome(
        _ exercise: Exercise, sourceDirectory: String, buildDirectory: String, guardsLearnerFiles: Bool
    ) async throws -> ExerciseBuilder.Result {
        var learnerTests: [String] = []
        var screened: [ConstructFinder.Source] = []
        let read = readLearnerFiles(exercise, sourceDirectory: sourceDirectory)
        for (_, path, relative, data) in read.files {
            learnerTests.append(path)
            screened.append(ConstructFinder.Source(path: path, displayPath: relative, text: String(decoding: data, as: UTF8.self)))
        }
        if !read.problems.isEmpty { return ExerciseBuilder.Result(outcome: .unreadableFiles(read.problems)) }

        // The tokens first (attributes, and an exercise's own `syntax` constructs); the names the
        // tests resolve are screened by the builder once the module they use is compiled, before
        // any test runs.
        let constructs = exercise.forbidden.compactMap { exercise.construct(id: $0, in: course) }
        let finder = ConstructFinder(constructs: constructs)
        let screen = BuildRequest.Screen(finder: finder, sources: screened, exercise: exercise)
        let findings = screen.kept(finder.findings(in: screened, view: nil))
        if !findings.isEmpty { return ExerciseBuilder.Result(outcome: .forbidden(findings)) }
        let named = constructs.compactMap { construct -> Construct? in
            var named = construct
            named.matchers.removeAll { if case .syntax = $0 { true } else { false } }
            return named.matchers.isEmpty ? nil : named
        }
        var testsScreen = BuildRequest.Screen(finder: ConstructFinder(constructs: named), sources: screened, exercise: exercise)
        testsScreen.unscreened = Set(exercise.testPaths.map(absolute))

        let tests = exercise.testPaths.map(absolute) + learnerTests
        var expected: [TestRunAudit.ExpectedTest] = []
        for path in tests {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            expected += TestRunAudit.expectedTests(in: String(decoding: data, as: UTF8.self), file: path)
        }
        var builder = builder
        builder.compileTimeLimit = exercise.compileTimeLimit
        func request(against sources: [String], screeningTests: Bool = false) -> BuildRequest {
            var request = BuildRequest(
                moduleName: exercise.moduleName, sources: sources.map(absolute), tests: tests, settings: exercise.settings,
                buildDirectory: buildDirectory, timeLimit: exercise.timeLimit, expectedTests: expected, testObjectCache: testObjectCache)
            // The mutants run the same tests: screened once, before the first run.
            if screeningTests { request.testsScreen = testsScreen }
            if guardsLearnerFiles {
                request.guarded = BuildRequest.Guarded(root: root, paths: learnerFiles, exerciseID: exercise.id)
            }
            request.macOSTarget = macOSTarget
            // Course modules the learner's tests may import, always the trusted course's own files.
            request.supportModules = supportSources(of: exercise)
            request.replaySeed = replaySeed
            request.schedulesWholeRun = true
            return request
        }
        func run(_ request: BuildRequest) async throws -> ExerciseBuilder.Result {
            var result = try await builder.buildAndRun(request)
            result.outcome = relativized(result.outcome)
            return result
        }
        /// Moves the binary `result` ran aside, under a name of its own, so that the next build (one
        /// build folder for all) links its own instead of replacing it: the seeded runs come later.
        func kept(_ result: ExerciseBuilder.Result, as name: String) throws -> ExerciseBuilder.Result {
            guard let binary = result.binary else { return result }
            var result = result
            let aside = "\(binary).\(name)"
            guard rename(binary, aside) == 0 else { throw SystemCallError("rename \(binary)") }
            result.binary = aside
            return result
        }
        var restored: [RestoredFile] = []
        /// Runs the binary `result` linked again under each of the seeds; the outcome of each run.
        func scheduled(
            _ result: ExerciseBuilder.Result, _ request: BuildRequest
        ) async throws -> [(schedule: WrittenTestsReport.Schedule, outcome: Outcome)] {
            guard let binary = result.binary else { return [] }
            try Task.checkCancellation()
            let seeds = WrittenTestsReport.scheduleSeeds
            let again = try await builder.runUnderSchedules(binary: binary, request: request, seeds: seeds)
            restored += again.restoredFiles
            return zip(seeds, again.outcomes).map { (.seed($0), relativized($1)) }
        }

        let correctRequest = request(against: exercise.protectedPaths, screeningTests: true)
        var correct = try await kept(run(correctRequest), as: "reference")
        guard case .passed(let testCount) = correct.outcome else {
            correct.outcome = WrittenTestsReport.failingAgainstCorrectCode(correct.outcome)
            return correct
        }
        restored += correct.restoredFiles
        var tampered = correct.tamperedObjects
        var missed: [WrittenTestsReport.Miss] = []
        var caught: [(mutant: Exercise.Mutant, result: ExerciseBuilder.Result, request: BuildRequest)] = []
        for mutant in exercise.mutants {
            try Task.checkCancellation()
            let mutantRequest = request(against: exercise.mutantPaths(of: mutant))
            let result = try await run(mutantRequest)
            restored += result.restoredFiles
            tampered += result.tamperedObjects
            let check = WrittenTestsReport.judge(result.outcome)
            if check == .notRun {
                // The tests compile against the implementation but not against this mutant: the
                // mutant changed the interface, a course problem (`dev check` reports it too).
                guard case .compileFailed = result.outcome else { return result }
                var notRun = result
                let detail = OutcomeWords.detail(result.outcome)
                notRun.outcome = .notChecked(
                    NotChecked(.course, "the mutant '\(mutant.name)' does not build with tests that build against the working code: \(detail)"))
                return notRun
            }
            if check == .caught {
                caught.append((mutant, try kept(result, as: "mutant-\(caught.count + 1)"), mutantRequest))
            } else if let miss = WrittenTestsReport.judge(mutant, runs: [(.usual, check)]) {
                // A hang is not a catch either: the tests only ran out of time.
                missed.append(miss)
            }
        }
        guard missed.isEmpty else {
            return ExerciseBuilder.Result(outcome: .testsFailed(WrittenTestsReport.missed(missed)), restoredFiles: restored, tamperedObjects: tampered)
        }
        // Every mutant is caught in the runtime's usual order: now the orders the seeds choose. Only
        // here, once the verdict would otherwise be a pass: an attempt that misses a mutant fails
        // already, and the seeded runs would cost each of those attempts a second or so.
        // A suite that passes only in the runtime's usual order of its jobs depends on timing.
        let correctRuns = try await [(.usual, correct.outcome)] + scheduled(correct, correctRequest)
        if let timing = WrittenTestsReport.timingAgainstCorrectCode(correctRuns) {
            return ExerciseBuilder.Result(outcome: timing, restoredFiles: restored, tamperedObjects: tampered)
        }
        for entry in caught {
            try Task.checkCancellation()
            // Caught only when caught in every order: a catch in one order alone was luck.
            let checks =
                try await [(WrittenTestsReport.Schedule.usual, WrittenTestsReport.MutantCheck.caught)]
                + scheduled(entry.result, entry.request).map { ($0.schedule, WrittenTestsReport.judge($0.outcome)) }
            if let miss = WrittenTestsReport.judge(entry.mutant, runs: checks) { missed.append(miss) }
        }
        guard missed.isEmpty else {
            return ExerciseBuilder.Result(outcome: .testsFailed(WrittenTestsReport.missed(missed)), restoredFiles: restored, tamperedObjects: tampered)
        }
        return ExerciseBuilder.Result(outcome: .passed(testCount: testCount), restoredFiles: restored, tamperedObjects: tampered)
    }
}
