public import ActorlingsCore
import Foundation

/// `actorlings dev check`: proves the course is sound.
///
/// Every exercise, as shipped, fails for its declared reason; every solution passes under the
/// exercise's exact settings with zero warnings and no forbidden construct; every lesson's Swift
/// blocks compile or fail as the text says; the generated files are current. Work runs on as many
/// parallel jobs as there are cores, and build folders are kept between runs so tests compiled
/// once are reused.
public struct CourseVerifier: Sendable {
    public let checker: ExerciseChecker

    public init(checker: ExerciseChecker) {
        var checker = checker
        // The shipped state, the solution, every wrong fix and every also-correct answer of an
        // exercise are checked against the same tests: those with the same interface share one
        // compiled test object (the key hashes the module interface, tests, flags and toolchain).
        if checker.testObjectCache == nil {
            checker.testObjectCache = StateFolder(root: checker.root).devCheckTestObjects
        }
        self.checker = checker
    }

    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        public var subject: String
        public var message: String
        public var description: String { "\(subject): \(message)" }
    }

    public struct Report: Sendable {
        public var findings: [Finding] = []
        public var exercisesChecked = 0
        public var blocksChecked = 0
        public var corpus = CorpusTally()
        public var duration: Duration = .zero
    }

    /// How an exercise's wrong-fix corpus fared; summed over the course in the report.
    public struct CorpusTally: Sendable, Equatable {
        public var wrongFixes = 0
        public var wrongFixesRejected = 0
        public var alsoCorrect = 0
        public var alsoCorrectPassed = 0
        /// Exercises checked that have no `corpus.toml`.
        public var exercisesWithoutCorpus = 0

        static func + (lhs: Self, rhs: Self) -> Self {
            var sum = lhs
            sum.wrongFixes += rhs.wrongFixes
            sum.wrongFixesRejected += rhs.wrongFixesRejected
            sum.alsoCorrect += rhs.alsoCorrect
            sum.alsoCorrectPassed += rhs.alsoCorrectPassed
            sum.exercisesWithoutCorpus += rhs.exercisesWithoutCorpus
            return sum
        }
    }

    public enum Event: Sendable {
        /// Sent once everything about the exercise is checked: shipped, solution and corpus.
        case exercise(id: String, shipped: Outcome, solution: Outcome, corpus: CorpusTally, problems: [Finding])
        case lesson(path: String, blocks: Int, problems: [Finding])
    }

    /// What one job of the pool found: a part of an exercise's check, or a lesson.
    enum JobResult: Sendable {
        case exercise(id: String, shipped: Outcome, solution: Outcome, problems: [Finding])
        /// `order`: the entry's place in the corpus, so findings come out in the file's order
        /// whichever job finishes first.
        /// `verdict`: what a wrong fix's check said, for the `[[when]]` hints to answer.
        case corpusEntry(id: String, order: Int, tally: CorpusTally, problems: [Finding], verdict: VerdictFacts? = nil)
        case lesson(path: String, blocks: Int, problems: [Finding])
    }

    /// An exercise's results, gathered until its last job is done.
    private struct PendingExercise {
        var jobsLeft: Int
        var shipped: Outcome = .passed(testCount: 0)
        var solution: Outcome = .passed(testCount: 0)
        var corpus = CorpusTally()
        var problems: [Finding] = []
        var corpusProblems: [(order: Int, findings: [Finding])] = []
        /// The verdicts of the shipped exercise and of its wrong fixes.
        var verdicts: [VerdictFacts] = []

        var allProblems: [Finding] {
            problems + corpusProblems.sorted { $0.order < $1.order }.flatMap(\.findings)
        }
    }

    public func verify(only: [String] = [], onEvent: @escaping @Sendable (Event) -> Void = { _ in }) async throws -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        let course = checker.course
        var report = Report()
        report.findings += generatedFilesFindings()
        report.findings += lessonExerciseFindings()
        report.findings += QuizRule.problems(in: course).map(Self.finding)
        report.findings += knowledgeFindings()
        report.findings += catalogFindings()
        let exercises = only.isEmpty ? course.exercises : course.exercises.filter { only.contains($0.id) }
        let jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)

        // Every corpus entry is a job of its own in the same pool, so a large corpus spreads
        // over the cores instead of lengthening one exercise's job.
        var work: [@Sendable () async throws -> JobResult] = []
        var pending: [String: PendingExercise] = [:]
        let files = LocalCourseFiles(root: checker.root)
        let constructIDs = Set(course.constructs.map(\.id))
        for exercise in exercises {
            var entry = PendingExercise(jobsLeft: 1)
            work.append { try await verifyExercise(exercise) }
            let (corpus, problems) = CorpusLoader(files: files, exercise: exercise, constructIDs: constructIDs).loadValidEntries()
            entry.problems += problems.map(Self.finding) + corpus.problems(for: exercise).map(Self.finding)
            if !corpus.exists { entry.corpus.exercisesWithoutCorpus = 1 }
            for (order, fix) in corpus.wrongFixes.enumerated() {
                work.append { try await verifyWrongFix(fix, of: exercise, corpus: corpus, order: order) }
            }
            for (index, answer) in corpus.alsoCorrect.enumerated() {
                let order = corpus.wrongFixes.count + index
                work.append { try await verifyAlsoCorrect(answer, of: exercise, corpus: corpus, order: order) }
            }
            entry.jobsLeft += corpus.wrongFixes.count + corpus.alsoCorrect.count
            pending[exercise.id] = entry
        }
        if only.isEmpty {
            for step in course.steps {
                work.append { try await verifyLesson(step.lessonPath) }
            }
            work += knowledgeJobs()
        } else {
            // `dev check 06-patterns` (or `Lessons/06-patterns.md`) checks that lesson's blocks alone.
            for step in course.steps where only.contains(step.lessonPath) || only.contains(step.directoryName) {
                work.append { try await verifyLesson(step.lessonPath) }
            }
        }
        try await withThrowingTaskGroup(of: JobResult.self) { group in
            var next = 0
            func startNext() {
                guard next < work.count else { return }
                group.addTask(operation: work[next])
                next += 1
            }
            for _ in 0..<min(jobs, work.count) { startNext() }
            while let result = try await group.next() {
                let id: String
                let update: (inout PendingExercise) -> Void
                switch result {
                case .exercise(let exerciseID, let shipped, let solution, let problems):
                    id = exerciseID
                    update = {
                        $0.shipped = shipped
                        $0.solution = solution
                        $0.problems += problems
                        $0.verdicts.append(VerdictFacts(Verdict(exerciseID: exerciseID, outcome: shipped, duration: .zero)))
                    }
                case .corpusEntry(let exerciseID, let order, let tally, let problems, let verdict):
                    id = exerciseID
                    update = {
                        $0.corpus = $0.corpus + tally
                        $0.corpusProblems.append((order, problems))
                        if let verdict { $0.verdicts.append(verdict) }
                    }
                case .lesson(let path, let blocks, let problems):
                    onEvent(.lesson(path: path, blocks: blocks, problems: problems))
                    report.blocksChecked += blocks
                    report.findings += problems
                    startNext()
                    continue
                }
                if var entry = pending[id] {
                    update(&entry)
                    entry.jobsLeft -= 1
                    pending[id] = entry.jobsLeft == 0 ? nil : entry
                    if entry.jobsLeft == 0 {
                        if let exercise = course.exercise(id: id) {
                            entry.problems += hintCoverageFindings(exercise, verdicts: entry.verdicts)
                        }
                        onEvent(.exercise(id: id, shipped: entry.shipped, solution: entry.solution, corpus: entry.corpus, problems: entry.allProblems))
                        report.exercisesChecked += 1
                        report.corpus = report.corpus + entry.corpus
                        report.findings += entry.allProblems
                    }
                }
                startNext()
            }
        }
        report.duration = clock.now - start
        return report
    }

    private func verifyExercise(_ exercise: Exercise) async throws -> JobResult {
        let base = StateFolder(root: checker.root).devCheck(exercise.id)
        let shipped = try await steadyCheck(exercise, buildDirectory: base + "/shipped") { exercise.expectedFailure.mismatch(with: $0) == nil }
        let solution = try await steadyCheck(exercise, sourceDirectory: exercise.solutionDirectory, buildDirectory: base + "/solution") { $0.isPassed }
        var problems: [Finding] = []
        if let mismatch = exercise.expectedFailure.mismatch(with: shipped) {
            problems.append(Finding(subject: exercise.directory, message: "as shipped, \(mismatch)"))
        }
        if !solution.isPassed {
            problems.append(Finding(subject: exercise.solutionDirectory, message: "the solution does not pass: \(OutcomeWords.detail(solution))"))
        }
        problems += try await testReferenceFindings(exercise, solution: solution, solutionBuild: base + "/solution")
        if exercise.hints.count < 2 {
            problems.append(
                Finding(
                    subject: exercise.guidancePath,
                    message: "give two or three hints in `ladder`, each more concrete than the last (found \(exercise.hints.count))"))
        }
        let read = { (path: String) in (try? String(contentsOfFile: "\(checker.root)/\(path)", encoding: .utf8)) ?? "" }
        let shippedFiles = (exercise.sourcePaths + exercise.protectedPaths + exercise.testPaths).map(read)
        for problem in AfterNoteReview.problems(in: exercise.afterPass, solution: exercise.solutionPaths.map(read), shipped: shippedFiles) {
            problems.append(Finding(subject: exercise.guidancePath, message: "`after` " + problem))
        }
        let solutionFiles = exercise.solutionPaths.map(read)
        let appFiles = (exercise.sourcePaths + exercise.protectedPaths).map(read)
        for path in exercise.sourcePaths {
            for problem in TodoReview.problems(in: read(path), solution: solutionFiles, shipped: appFiles) {
                problems.append(Finding(subject: "\(path):\(problem.line)", message: problem.message))
            }
        }
        return .exercise(id: exercise.id, shipped: shipped, solution: solution, problems: problems)
    }

    /// Checks a version of the exercise; when the outcome is not what the course declares and a
    /// busy machine alone could have caused it (``Outcome/mayBeTheMachine``), checks it once
    /// more with three times the time limit, and that outcome stands. A course check runs many
    /// checks at once beside whatever else the machine does: a time-out there is not yet
    /// evidence against the course, while an answer that really hangs hangs again.
    private func steadyCheck(
        _ exercise: Exercise, sourceDirectory: String? = nil, buildDirectory: String, expected: (Outcome) -> Bool
    ) async throws -> Outcome {
        let first = try await checker.check(exercise, sourceDirectory: sourceDirectory, buildDirectory: buildDirectory).outcome
        guard !expected(first), first.mayBeTheMachine else { return first }
        var patient = exercise
        patient.timeLimit = exercise.timeLimit * 3
        return try await checker.check(patient, sourceDirectory: sourceDirectory, buildDirectory: buildDirectory).outcome
    }

    /// A wrong fix must be rejected the way its entry declares, by a verdict that names the trap.
    private func verifyWrongFix(_ fix: WrongFix, of exercise: Exercise, corpus: Corpus, order: Int) async throws -> JobResult {
        let build = StateFolder(root: checker.root).devCheck(exercise.id) + "/wrong-\(fix.name)"
        let outcome = try await steadyCheck(exercise, sourceDirectory: fix.directory, buildDirectory: build) {
            if case .rejected = fix.judge($0, exercise: exercise) { true } else { false }
        }
        var tally = CorpusTally()
        tally.wrongFixes = 1
        let subject = "\(corpus.file):\(fix.line)"
        let verdict = VerdictFacts(Verdict(exerciseID: exercise.id, outcome: outcome, duration: .zero))
        let message: String
        switch fix.judge(outcome, exercise: exercise) {
        case .rejected:
            tally.wrongFixesRejected = 1
            return .corpusEntry(id: exercise.id, order: order, tally: tally, problems: [], verdict: verdict)
        case .passed:
            message = "wrong fix '\(fix.name)' PASSED — strengthen the tests so that it fails"
        case .rejectedOtherwise(let how):
            switch outcome {
            case .compileFailed, .crashed, .forbidden:
                // What the compiler or the crash said is what the author needs to fix the entry.
                message = "wrong fix '\(fix.name)' was \(how): \(OutcomeWords.detail(outcome))"
            default:
                message = "wrong fix '\(fix.name)' was \(how)"
            }
        case .silent(let says):
            message = "wrong fix '\(fix.name)' was rejected, but the verdict does not say '\(says)' (it said: \(OutcomeWords.detail(outcome)))"
        }
        return .corpusEntry(id: exercise.id, order: order, tally: tally, problems: [Finding(subject: subject, message: message)], verdict: verdict)
    }

    /// A `[[when]]` hint must answer the shipped verdict or a wrong fix's: otherwise nobody has
    /// shown that a learner can get the verdict it is written for.
    func hintCoverageFindings(_ exercise: Exercise, verdicts: [VerdictFacts]) -> [Finding] {
        HintCoverage.unmatched(exercise.verdictHints, verdicts: verdicts).map { index in
            Finding(subject: exercise.guidancePath, message: HintCoverage.problem(exercise.verdictHints[index], index: index))
        }
    }

    /// An also-correct answer must pass, with zero warnings and no forbidden construct.
    private func verifyAlsoCorrect(_ answer: AlsoCorrectAnswer, of exercise: Exercise, corpus: Corpus, order: Int) async throws -> JobResult {
        let build = StateFolder(root: checker.root).devCheck(exercise.id) + "/also-correct-\(answer.name)"
        let outcome = try await steadyCheck(exercise, sourceDirectory: answer.directory, buildDirectory: build) { $0.isPassed }
        var tally = CorpusTally()
        tally.alsoCorrect = 1
        guard outcome.isPassed else {
            let finding = Finding(
                subject: "\(corpus.file):\(answer.line)", message: "also-correct answer '\(answer.name)' does not pass: \(OutcomeWords.detail(outcome))")
            return .corpusEntry(id: exercise.id, order: order, tally: tally, problems: [finding])
        }
        tally.alsoCorrectPassed = 1
        return .corpusEntry(id: exercise.id, order: order, tally: tally, problems: [])
    }

    static func finding(_ problem: CourseProblem) -> Finding {
        Finding(subject: problem.file + (problem.line.map { ":\($0)" } ?? ""), message: (problem.key.map { "'\($0)': " } ?? "") + problem.message)
    }

    private func verifyLesson(_ path: String) async throws -> JobResult {
        guard case .text(let text) = LocalCourseFiles(root: checker.root).read(path) else {
            return .lesson(path: path, blocks: 0, problems: [Finding(subject: path, message: "cannot be read")])
        }
        let parsed = LessonBlock.blocks(in: text, lesson: path)
        var problems = parsed.problems.map { Finding(subject: "\($0.file):\($0.line ?? 0)", message: $0.message) }
        let compiler = LessonCodeCompiler(builder: checker.builder, directory: StateFolder(root: checker.root).devCheck("lessons"))
        for block in parsed.blocks {
            let diagnostics = try await compiler.diagnostics(for: block)
            var mismatches = block.mismatch(diagnostics: diagnostics)
            if mismatches.isEmpty, block.expectedOutput != nil {
                mismatches += block.outputMismatch(printed: try await compiler.run(block))
            }
            for message in mismatches {
                problems.append(Finding(subject: "\(path):\(block.line)", message: message))
            }
        }
        return .lesson(path: path, blocks: parsed.blocks.count, problems: problems)
    }

    /// The generated manifest and shipped-file list must match the course as it is now.
    func generatedFilesFindings() -> [Finding] {
        let files = LocalCourseFiles(root: checker.root)
        var findings: [Finding] = []
        let fix = "run `swift run actorlings dev generate`"
        if files.read(ExercisesManifest.path) != .text(ExercisesManifest.render(checker.course)) {
            findings.append(Finding(subject: ExercisesManifest.path, message: "out of date with the course definition; \(fix)"))
        }
        let current = LocalCourseFiles(root: checker.root).shippedFiles(of: checker.course)
        if current != checker.shipped {
            let changed = Set(current.ids.keys).union(checker.shipped.ids.keys)
                .filter { current.ids[$0] != checker.shipped.ids[$0] }.sorted()
            findings.append(
                Finding(
                    subject: ShippedFiles.path,
                    message: "out of date for \(changed.prefix(3).joined(separator: ", "))\(changed.count > 3 ? " and \(changed.count - 3) more" : ""); \(fix)")
            )
        }
        return findings
    }

    /// The knowledge base loads, and points at lesson sections and exercises that exist.
    func knowledgeFindings() -> [Finding] {
        let files = LocalCourseFiles(root: checker.root)
        let knowledge: KnowledgeBase
        do {
            knowledge = try ExplanationLoader(files: files).load()
        } catch let error as CourseLoadError {
            return error.problems.map(Self.finding)
        } catch {
            return [Finding(subject: KnowledgeBase.directory, message: "\(error)")]
        }
        var findings: [Finding] = []
        var slugs: [String: Set<String>] = [:]
        let exercises = Set(checker.course.exercises.map(\.id))
        for entry in knowledge.entries {
            for id in entry.exercises where !exercises.contains(id) {
                findings.append(Finding(subject: entry.file, message: "names exercise '\(id)', which is not in the course"))
            }
            guard let lesson = entry.lesson else { continue }
            let parts = lesson.split(separator: "#", maxSplits: 1).map(String.init)
            // Entries share a handful of lessons: read and parse each lesson once.
            if slugs[parts[0]] == nil, case .text(let text) = files.read("Lessons/\(parts[0]).md") {
                slugs[parts[0]] = Set(MarkdownDocument(parsing: text).headings.map(\.slug))
            }
            guard let lessonSlugs = slugs[parts[0]] else {
                findings.append(Finding(subject: entry.file, message: "names lesson '\(parts[0])', but Lessons/\(parts[0]).md does not exist"))
                continue
            }
            if parts.count > 1, !lessonSlugs.contains(parts[1]) {
                findings.append(Finding(subject: entry.file, message: "Lessons/\(parts[0]).md has no heading with slug '\(parts[1])'"))
            }
        }
        return findings
    }

    /// Every lesson names each of its exercises, and names no exercise that does not exist.
    func lessonExerciseFindings() -> [Finding] {
        let files = LocalCourseFiles(root: checker.root)
        let known = Set(checker.course.exercises.map(\.id))
        var findings: [Finding] = []
        for step in checker.course.steps {
            guard case .text(let text) = files.read(step.lessonPath) else { continue }
            let document = MarkdownDocument(parsing: text)
            for exercise in step.exercises where !text.contains("`\(exercise.id)`") {
                findings.append(
                    Finding(subject: step.lessonPath, message: "does not name its exercise `\(exercise.id)`; list it in the lesson's Exercises section"))
            }
            guard let section = document.section(slug: "exercises") else {
                findings.append(Finding(subject: step.lessonPath, message: "has no `## Exercises` section listing its exercises"))
                continue
            }
            for name in Self.backtickedIDs(section) where !known.contains(name) {
                findings.append(Finding(subject: step.lessonPath, message: "its Exercises section names `\(name)`, which is not an exercise of the course"))
            }
        }
        return findings
    }

    static func backtickedIDs(_ text: String) -> [String] {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }.filter { part in
            !part.isEmpty && part.contains("-") && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
    }
}
