import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings grade`: every counted exercise re-checked from scratch, reported for people or CI.
///
/// Without `--submission` it grades this checkout in place (a learner's own view). With
/// `--submission PATH` this checkout is the trusted course — tool, tests, course data, points,
/// pacing, forbidden constructs, at the release the submission names or `--release` names
/// (``CourseReleases``) — and only each exercise's learner files come from PATH. What `grade`
/// and `class grade` share is `Session+Grading.swift`.
struct GradeCommand: CourseCommand {
    var options: GradeOptions
    var name: String { "grade" }
    var needs: CommandNeeds {
        // Grading another checkout reads this one and writes nothing in it: no lock.
        options.submission == nil ? [.lock, .toolchain] : [.toolchain]
    }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: ["--no-sandbox"])
        var options = GradeOptions()
        var rest = words.arguments[...]
        while let option = rest.first {
            guard rest.count >= 2 else {
                throw UsageError("unexpected '\(option)'; see `actorlings grade --help`", command: "grade")
            }
            let value = rest[rest.startIndex + 1]
            rest = rest.dropFirst(2)
            switch option {
            case "--step":
                for part in value.split(separator: ",") {
                    guard let step = Int(part), step >= 0 else {
                        throw UsageError("--step takes step numbers such as 1 or 1,2, not '\(value)'", command: "grade")
                    }
                    options.steps.append(step)
                }
            case "--only":
                options.only += value.split(separator: ",").map(String.init)
            case "--format":
                guard let format = GradeReportFormat(rawValue: value) else {
                    throw UsageError("--format takes text, json, junit or github, not '\(value)'", command: "grade")
                }
                options.format = format
            case "--output", "-o":
                options.output = value
            case "--submission":
                options.submission = value
            case "--release":
                guard GradingRelease.isPlainRef(value) else {
                    throw UsageError("--release takes a tag of the course such as v2, not '\(value)'", command: "grade")
                }
                options.release = value
            case "--test-cache":
                options.testCache = value
            case "--jobs":
                guard let jobs = Int(value), jobs >= 1 else {
                    throw UsageError("--jobs takes a whole number of at least 1, not '\(value)'", command: "grade")
                }
                options.jobs = jobs
            case "--report":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let format = GradeReportFormat(rawValue: parts[0]), !parts[1].isEmpty else {
                    throw UsageError("--report takes FORMAT=FILE, e.g. junit=grade.xml, not '\(value)'", command: "grade")
                }
                options.extraReports.append((format, parts[1]))
            case "--min-score":
                guard let score = Double(value), (0...100).contains(score) else {
                    throw UsageError("--min-score takes a percentage from 0 to 100, not '\(value)'", command: "grade")
                }
                options.minimumScore = score
            default:
                throw UsageError("unexpected '\(option)'; see `actorlings grade --help`", command: "grade")
            }
        }
        if options.release != nil, options.submission == nil {
            throw UsageError("--release judges a submission against that release of this course: give --submission PATH too", command: "grade")
        }
        options.noSandbox = words.flags.contains("--no-sandbox")
        return GradeCommand(options: options)
    }

    func run(in session: Session) async throws -> ExitCode {
        let counted = try session.countedExercises(options)
        let sandbox = try session.sandboxStatus(for: options)
        var report: GradeReport
        do {
            if let path = options.submission {
                report = try await gradeSubmission(path, session: session)
            } else {
                report = try await gradeInPlace(counted, session: session)
                report.opensLater = session.closedExercises(options)
            }
            report.markSkipped(session.recordedProgress(of: options.submission.map(session.absolutePath) ?? session.root))
            report.sandbox = GradeReport.SandboxInfo(sandbox)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // GitHub Classroom must always get a result: zero points and the reason.
            let reason = "grading failed: \((error as? SubmissionError)?.description ?? String(describing: error))"
            let maxScore = counted.reduce(0) { $0 + $1.points } + (session.closedExercises(options) ?? []).reduce(0) { $0 + $1.maxPoints }
            for path in githubOutputs {
                try? AtomicFile.write(GradeReportFormat.githubFailure(reason: reason, maxScore: maxScore), to: session.absolutePath(path))
            }
            if let error = error as? SubmissionError { throw UsageError(error.description) }
            throw error
        }
        try write(report, session: session)
        if let minimum = options.minimumScore {
            return report.score >= minimum ? .success : .failure
        }
        return report.allPassed ? .success : .failure
    }

    private func gradeInPlace(_ counted: [Exercise], session: Session) async throws -> GradeReport {
        let checker = try await session.makeChecker(testObjectCache: options.testCache.map(session.absolutePath), sandboxed: !options.noSandbox)
        // A fresh build folder: grading never reuses anything a previous check left behind.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-grade-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let files = LocalCourseFiles(root: session.root)
        var graded = try await BoundedTasks.map(counted.count, jobs: options.jobs ?? Session.gradingJobs, startOrder: GradingOrder.startOrder(of: counted)) {
            index in
            let exercise = counted[index]
            let verdict = try await Session.check(exercise, with: checker, sourceDirectory: nil, buildDirectory: "\(scratch)/\(exercise.id)")
            let learner = exercise.sourcePaths.map { path -> String? in if case .text(let text) = files.read(path) { text } else { nil } }
            // The shipped text is known here only for a file still as shipped (its blob id).
            let shipped = zip(exercise.sourcePaths, learner).map { path, text -> String? in
                guard let text, let id = checker.shipped.ids[path], GitBlobID.of(Array(text.utf8)) == id else { return nil }
                return text
            }
            var graded = GradedExercise(
                exercise: exercise, verdict: verdict, copiedSolution: Session.isCopied(learner, shipped: shipped, exercise: exercise, courseRoot: checker.root))
            graded.unchanged = Session.isUnchanged(learner, shipped: shipped) ? true : nil
            return graded
        }
        // An exercise whose definition is broken counts, as zero: breaking it must not shrink the total.
        for broken in session.course.brokenExercises
        where (options.steps.isEmpty || options.steps.contains(broken.stepNumber)) && (options.only.isEmpty || options.only.contains(broken.id)) {
            graded.append(GradedExercise(exercise: broken.placeholder, verdict: broken.verdict, copiedSolution: false))
        }
        return GradeReport(
            toolVersion: Actorlings.version, toolchain: checker.builder.toolchain.version.description, course: session.course,
            student: await session.student(), generatedAt: ISO8601DateFormatter().string(from: Date()), exercises: graded)
    }

    private func gradeSubmission(_ path: String, session: Session) async throws -> GradeReport {
        let submission = try Submission(path: path, course: session.course)
        let git = Git(environment: session.environment)
        let release = try await session.release(
            for: submission, named: options.release, source: path, command: "grade", in: await session.courseReleases(git: git))
        let cache = options.testCache.map(session.absolutePath) ?? session.trustedTestCache
        let checker = release.checker(like: try await session.makeChecker(testObjectCache: cache, sandboxed: !options.noSandbox))
        let counted = ReleaseChoice.counted(in: release.course, steps: options.steps, only: options.only)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-grade-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var student = await submission.student(git: git, scratch: scratch + "/repository")
        if student.repository == nil {
            student.repository = session.environment["GITHUB_REPOSITORY"].flatMap { $0.isEmpty ? nil : $0 }
        }
        let job = SubmissionJob(
            submission: submission, staging: scratch + "/staging", build: scratch + "/build", student: student, release: release, checker: checker,
            exercises: counted)
        let graded = try await BoundedTasks.map(counted.count, jobs: options.jobs ?? Session.gradingJobs, startOrder: GradingOrder.startOrder(of: counted)) {
            index in
            try await Session.grade(counted[index], of: job, with: checker)
        }
        var report = job.report(graded, toolchain: checker.builder.toolchain.version.description)
        report.opensLater = ReleaseChoice.closed(in: release.course, steps: options.steps, only: options.only)
        return report
    }

    private func write(_ report: GradeReport, session: Session) throws {
        let rendered = options.format.render(report, palette: options.output == nil ? session.palette : .plain)
        if let output = options.output {
            try AtomicFile.write(rendered, to: session.absolutePath(output))
            if options.format != .text {
                session.console.write(GradeReportFormat.text.render(report, palette: session.palette))
            }
            session.console.write("Wrote the \(options.format.rawValue) report to \(output).\n")
        } else {
            session.console.write(rendered)
        }
        for extra in options.extraReports {
            try AtomicFile.write(extra.format.render(report), to: session.absolutePath(extra.path))
            session.console.write("Wrote the \(extra.format.rawValue) report to \(extra.path).\n")
        }
    }

    private var githubOutputs: [String] {
        (options.format == .github ? [options.output].compactMap { $0 } : []) + options.extraReports.filter { $0.format == .github }.map(\.path)
    }
}

/// What `actorlings grade` counts and how it reports.
struct GradeOptions: Sendable, Equatable {
    var steps: [Int] = []
    var only: [String] = []
    var format: GradeReportFormat = .text
    var output: String?
    /// Pass when the score (percent of points) reaches this, instead of requiring every exercise.
    var minimumScore: Double?
    /// More reports from the same grading run (`--report json=grade.json`), so CI grades once.
    var extraReports: [(format: GradeReportFormat, path: String)] = []
    /// `--submission PATH`: grade that checkout's learner files against this (trusted) course.
    var submission: String?
    /// How many exercises to check at once (default: one more than the cores).
    var jobs: Int?
    /// A folder of compiled test objects shared between runs (content-addressed).
    var testCache: String?
    /// `--no-sandbox`: the instructor's explicit choice to grade a submission on a machine that
    /// cannot sandbox; the report records it.
    var noSandbox = false
    /// `--release REF` (with `--submission`): the course release (a tag of the trusted
    /// checkout) to judge the submission by, instead of the one its workflow names.
    var release: String?

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.steps == rhs.steps && lhs.only == rhs.only && lhs.format == rhs.format && lhs.output == rhs.output
            && lhs.minimumScore == rhs.minimumScore && lhs.submission == rhs.submission && lhs.jobs == rhs.jobs
            && lhs.testCache == rhs.testCache && lhs.noSandbox == rhs.noSandbox && lhs.release == rhs.release
            && lhs.extraReports.map(\.format) == rhs.extraReports.map(\.format) && lhs.extraReports.map(\.path) == rhs.extraReports.map(\.path)
    }

    init(steps: [Int] = [], only: [String] = [], format: GradeReportFormat = .text, output: String? = nil, minimumScore: Double? = nil) {
        self.steps = steps
        self.only = only
        self.format = format
        self.output = output
        self.minimumScore = minimumScore
    }
}
