public import ActorlingsCore
import Foundation
import Synchronization

/// `actorlings dev mutants`: proves each exercise's tests by the mistakes they catch.
///
/// The mutation operators (`Mutator`) are applied to every file of each exercise's reference
/// solution; each mutant is checked exactly as a learner's answer would be, on the same parallel
/// jobs and with the same shared test objects as `dev check` (the compiled tests are keyed by the
/// learner module's interface, which most mutants keep, so a mutant costs one module compile, a
/// link and the run). An exercise that asks for tests has hand-written mutants instead, which
/// `dev check` already runs; it is skipped here.
public struct MutantRunner: Sendable {
    public let checker: ExerciseChecker

    public init(checker: ExerciseChecker) {
        // The same cache as `dev check`'s, so each side reuses what the other compiled.
        self.checker = CourseVerifier(checker: checker).checker
    }

    public enum Event: Sendable {
        /// One mutant checked; `done` of `total` for the whole run.
        case mutant(exerciseID: String, GeneratedMutant, MutantFate, done: Int, total: Int)
        /// Every mutant of the exercise checked, with what the author must do about them.
        case exercise(MutationResult, problems: [CourseProblem])
    }

    public struct Report: Sendable {
        public var results: [MutationResult] = []
        public var problems: [CourseProblem] = []
        /// Exercises that ask for tests: their mutants are written by hand.
        public var skipped: [String] = []
        public var duration: Duration = .zero

        public var tally: MutationTally { results.map(\.tally).reduce(MutationTally(), +) }
    }

    private struct Job: Sendable {
        var exercise: Exercise
        var mutant: GeneratedMutant
        var number: Int
    }

    /// A tally of what is left per exercise, so each exercise is reported once its last mutant is in.
    private struct Progress {
        var left: [String: Int] = [:]
        var entries: [String: [Int: MutationResult.Entry]] = [:]
        var done = 0
    }

    public func run(only: [String] = [], onEvent: @escaping @Sendable (Event) -> Void = { _ in }) async throws -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        let course = checker.course
        let files = LocalCourseFiles(root: checker.root)
        let constructIDs = Set(course.constructs.map(\.id))
        var report = Report()
        var jobs: [Job] = []
        var pending: [String: MutationResult] = [:]
        var loadProblems: [String: [CourseProblem]] = [:]
        for exercise in course.exercises where only.isEmpty || only.contains(exercise.id) {
            guard exercise.kind == .fixCode else {
                report.skipped.append(exercise.id)
                continue
            }
            let (corpus, problems) = CorpusLoader(files: files, exercise: exercise, constructIDs: constructIDs).loadValidEntries()
            loadProblems[exercise.id] = problems
            // Every check of an exercise whose tests differ from `shipped.txt` says "tests
            // edited": its mutants would prove nothing, and must not pass for stillborn.
            let edited = checker.editedTests(exercise)
            if !edited.isEmpty {
                loadProblems[exercise.id, default: []].append(
                    CourseProblem(
                        file: ShippedFiles.path,
                        message: "out of date for \(edited.joined(separator: ", ")); run `swift run actorlings dev generate`, then `dev mutants` again"))
                pending[exercise.id] = MutationResult(
                    exerciseID: exercise.id, results: [], solutionDirectory: exercise.solutionDirectory, corpusFile: corpus.file, equivalents: [])
                continue
            }
            var number = 0
            for name in exercise.files {
                guard case .text(let text) = files.read("\(exercise.solutionDirectory)/\(name)") else {
                    loadProblems[exercise.id, default: []].append(
                        CourseProblem(file: "\(exercise.solutionDirectory)/\(name)", message: "the reference solution's file cannot be read"))
                    continue
                }
                for mutant in Mutator.mutants(of: text, file: name) {
                    jobs.append(Job(exercise: exercise, mutant: mutant, number: number))
                    number += 1
                }
            }
            pending[exercise.id] = MutationResult(
                exerciseID: exercise.id, results: [], solutionDirectory: exercise.solutionDirectory, corpusFile: corpus.file,
                equivalents: corpus.equivalentMutants)
        }

        // Exercises without mutants are reported at once.
        var progress = Progress()
        for (id, result) in pending.sorted(by: { $0.key < $1.key }) {
            let count = jobs.count { $0.exercise.id == id }
            if count == 0 {
                let problems = (loadProblems[id] ?? []) + result.problems
                onEvent(.exercise(result, problems: problems))
                report.results.append(result)
                report.problems += problems
            } else {
                progress.left[id] = count
            }
        }
        let state = Mutex(progress)
        let finished = Mutex<[MutationResult]>([])
        let total = jobs.count
        let checker = checker
        let root = checker.root
        let allJobs = jobs
        let allPending = pending
        _ = try await BoundedTasks.map(jobs.count, jobs: max(1, ProcessInfo.processInfo.activeProcessorCount)) { index in
            let job = allJobs[index]
            let fate = try await Self.check(job, checker: checker, root: root)
            let entry = MutationResult.Entry(mutant: job.mutant, fate: fate)
            let (done, complete) = state.withLock { progress -> (Int, [MutationResult.Entry]?) in
                progress.done += 1
                progress.entries[job.exercise.id, default: [:]][job.number] = entry
                progress.left[job.exercise.id, default: 1] -= 1
                guard progress.left[job.exercise.id] == 0 else { return (progress.done, nil) }
                let entries = progress.entries[job.exercise.id, default: [:]].sorted { $0.key < $1.key }.map(\.value)
                return (progress.done, entries)
            }
            onEvent(.mutant(exerciseID: job.exercise.id, job.mutant, fate, done: done, total: total))
            if let complete, var result = allPending[job.exercise.id] {
                result.results = complete
                onEvent(.exercise(result, problems: result.problems))
                finished.withLock { $0.append(result) }
            }
        }
        for result in finished.withLock({ $0 }) {
            report.results.append(result)
            report.problems += (loadProblems[result.exerciseID] ?? []) + result.problems
        }
        let order = Dictionary(uniqueKeysWithValues: course.exercises.enumerated().map { ($1.id, $0) })
        report.results.sort { (order[$0.exerciseID] ?? 0) < (order[$1.exerciseID] ?? 0) }
        report.duration = clock.now - start
        return report
    }

    /// Checks one mutant as a learner's answer: the solution's files with the mutated one in
    /// place, in a folder and a build folder of its own (removed afterwards: only the shared test
    /// objects are worth keeping).
    private static func check(_ job: Job, checker: ExerciseChecker, root: String) async throws -> MutantFate {
        let base = StateFolder(root: root).devCheck(job.exercise.id) + "/mutant-\(job.number)"
        let sources = base + "/sources"
        try? FileManager.default.removeItem(atPath: base)
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        for name in job.exercise.files {
            let text: String
            if name == job.mutant.file {
                text = job.mutant.text
            } else {
                text = try String(contentsOfFile: "\(root)/\(job.exercise.solutionDirectory)/\(name)", encoding: .utf8)
            }
            try AtomicFile.write(text, to: "\(sources)/\(name)")
        }
        let verdict = try await checker.check(job.exercise, sourceDirectory: sources, buildDirectory: base + "/build")
        return MutantFate(verdict.outcome)
    }
}
