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
        public var duration: Duration = .zero
    }

    public enum Event: Sendable {
        case exercise(id: String, shipped: Outcome, solution: Outcome, problems: [Finding])
        case lesson(path: String, blocks: Int, problems: [Finding])
    }

    public func verify(only: [String] = [], onEvent: @escaping @Sendable (Event) -> Void = { _ in }) async throws -> Report {
        let clock = ContinuousClock()
        let start = clock.now
        let course = checker.course
        var report = Report()
        report.findings += generatedFilesFindings()
        report.findings += lessonExerciseFindings()
        report.findings += knowledgeFindings()
        let exercises = only.isEmpty ? course.exercises : course.exercises.filter { only.contains($0.id) }
        let jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)

        var work: [@Sendable () async throws -> Event] = []
        for exercise in exercises {
            work.append { try await verifyExercise(exercise) }
        }
        if only.isEmpty {
            for step in course.steps {
                work.append { try await verifyLesson(step.lessonPath) }
            }
        }
        try await withThrowingTaskGroup(of: Event.self) { group in
            var next = 0
            func startNext() {
                guard next < work.count else { return }
                group.addTask(operation: work[next])
                next += 1
            }
            for _ in 0..<min(jobs, work.count) { startNext() }
            while let event = try await group.next() {
                onEvent(event)
                switch event {
                case .exercise(_, _, _, let problems):
                    report.exercisesChecked += 1
                    report.findings += problems
                case .lesson(_, let blocks, let problems):
                    report.blocksChecked += blocks
                    report.findings += problems
                }
                startNext()
            }
        }
        report.duration = clock.now - start
        return report
    }

    private func verifyExercise(_ exercise: Exercise) async throws -> Event {
        let base = "\(checker.root)/.actorlings/dev-check/\(exercise.id)"
        let shipped = try await checker.check(exercise, buildDirectory: base + "/shipped").outcome
        let solution = try await checker.check(exercise, sourceDirectory: exercise.solutionDirectory, buildDirectory: base + "/solution").outcome
        var problems: [Finding] = []
        if let mismatch = exercise.expectedFailure.mismatch(with: shipped) {
            problems.append(Finding(subject: exercise.directory, message: "as shipped, \(mismatch)"))
        }
        if !solution.isPassed {
            problems.append(Finding(subject: exercise.solutionDirectory, message: "the solution does not pass: \(Self.summary(solution))"))
        }
        if exercise.hints.count < 2 {
            problems.append(
                Finding(
                    subject: exercise.directory + "/exercise.toml",
                    message: "give two or three hints, each more concrete than the last (found \(exercise.hints.count))"))
        }
        return .exercise(id: exercise.id, shipped: shipped, solution: solution, problems: problems)
    }

    private func verifyLesson(_ path: String) async throws -> Event {
        guard case .text(let text) = LocalCourseFiles(root: checker.root).read(path) else {
            return .lesson(path: path, blocks: 0, problems: [Finding(subject: path, message: "cannot be read")])
        }
        let parsed = LessonBlock.blocks(in: text, lesson: path)
        var problems = parsed.problems.map { Finding(subject: "\($0.file):\($0.line ?? 0)", message: $0.message) }
        let compiler = LessonCodeCompiler(builder: checker.builder, directory: "\(checker.root)/.actorlings/dev-check/lessons")
        for block in parsed.blocks {
            let diagnostics = try await compiler.diagnostics(for: block)
            for message in block.mismatch(diagnostics: diagnostics) {
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
        let current = ShippedFilesScanner(root: checker.root).scan(checker.course)
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
            return error.problems.map { Finding(subject: $0.file + ($0.line.map { ":\($0)" } ?? ""), message: ($0.key.map { "'\($0)': " } ?? "") + $0.message) }
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

    static func summary(_ outcome: Outcome) -> String {
        switch outcome {
        case .compileFailed(let diagnostics):
            diagnostics.prefix(2).map { "\($0.file.map { "\($0):" } ?? "")\($0.line.map { "\($0): " } ?? "")\($0.severity.rawValue): \($0.displayMessage)" }
                .joined(separator: "; ")
        case .testsFailed(let report):
            "failing tests: " + report.failures.map { "\($0.name) (\($0.issues.first?.message ?? ""))" }.joined(separator: ", ")
        case .forbidden(let findings):
            "forbidden: " + findings.map { "\($0.construct.name) at \($0.file):\($0.line)" }.joined(separator: ", ")
        case .timedOut(_, let running, _):
            "timed out (running: \(running.joined(separator: ", ")))"
        case .crashed(let signal, let code, let output, _):
            "crashed (signal \(signal.map(String.init) ?? "-"), exit \(code.map(String.init) ?? "-")): \(output.suffix(3).joined(separator: " | "))"
        case .incompleteRun(let run):
            "not all tests ran: " + run.reasons.joined(separator: "; ")
        case .testsEdited(let paths):
            "tests edited: \(paths.joined(separator: ", "))"
        case .passed:
            "passed"
        }
    }
}
