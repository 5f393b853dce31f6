import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings class grade`: a whole class graded on one machine against this trusted course,
/// each submission at the release it names (or the one `--release` names): that release's tests,
/// exercises and points, read from this checkout's git history (``CourseReleases``).
///
/// Every (student, exercise) check goes through one pool of `--jobs` workers, student after
/// student, and all of them share the trusted checkout's folder of compiled tests
/// (`.actorlings/test-objects`, kept for later grades): a student whose exercise
/// interface equals an earlier student's reuses that student's test object, so most checks cost
/// one small compile, a link and the run. One JSON report per student, then the class summary.
struct ClassGradeCommand: CourseCommand {
    var options: ClassGradeOptions
    var name: String { "class grade" }
    // Each submission is graded in a scratch copy: this checkout is only read, so no lock.
    var needs: CommandNeeds { [.toolchain] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        var options = ClassGradeOptions(submissions: [])
        options.noSandbox = words.flags.contains("--no-sandbox")
        var rest = words.arguments[...]
        while let word = rest.first {
            rest = rest.dropFirst()
            switch word {
            case "--output-dir", "--output", "-o":
                guard let value = rest.first else { throw UsageError("\(word) needs a folder", command: "class") }
                options.outputDirectory = value
                rest = rest.dropFirst()
            case "--jobs":
                guard let value = rest.first, let jobs = Int(value), jobs >= 1 else {
                    throw UsageError("--jobs takes a whole number of at least 1\(rest.first.map { ", not '\($0)'" } ?? "")", command: "class")
                }
                options.jobs = jobs
                rest = rest.dropFirst()
            case "--step":
                guard let value = rest.first else { throw UsageError("--step needs step numbers such as 1 or 1,2", command: "class") }
                for part in value.split(separator: ",") {
                    guard let step = Int(part), step >= 0 else {
                        throw UsageError("--step takes step numbers such as 1 or 1,2, not '\(value)'", command: "class")
                    }
                    options.steps.append(step)
                }
                rest = rest.dropFirst()
            case "--only":
                guard let value = rest.first else { throw UsageError("--only needs exercise ids such as intro,opting-out", command: "class") }
                options.only += value.split(separator: ",").map(String.init)
                rest = rest.dropFirst()
            case "--release":
                guard let value = rest.first, GradingRelease.isPlainRef(value) else {
                    throw UsageError("--release takes a tag of the course such as v2\(rest.first.map { ", not '\($0)'" } ?? "")", command: "class")
                }
                options.release = value
                rest = rest.dropFirst()
            default:
                options.submissions.append(word)
            }
        }
        guard !options.submissions.isEmpty else {
            throw UsageError(
                "class grade needs the students' submissions (folders, git repositories or bundles), e.g. `actorlings class grade submissions/*`",
                command: "class")
        }
        return ClassGradeCommand(options: options)
    }

    func run(in session: Session) async throws -> ExitCode {
        let (console, palette, course) = (session.console, session.palette, session.course)
        let output = session.absolutePath(options.outputDirectory)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let sandbox = try session.sandboxStatus(required: true, noSandbox: options.noSandbox)
        let checker = try await session.makeChecker(testObjectCache: session.trustedTestCache, sandboxed: !options.noSandbox)
        _ = try session.countedExercises(GradeOptions(steps: options.steps, only: options.only))
        let git = Git(environment: session.environment)
        let releases = await session.courseReleases(git: git)
        // `--release REF`: every submission judged against that release; one this checkout lacks
        // stops the run before anything is cloned.
        if let ref = options.release, try await releases.release(ref) == nil {
            throw UsageError(ReleaseChoice.missing(ref, source: .named), command: "class")
        }

        // 1. Every submission found (cloned when it is a repository or a bundle) and validated.
        // Each report is named after the argument that gave it, never after anything inside it.
        let names = ClassReportNames.names(for: options.submissions)
        var jobs: [(label: String, job: SubmissionJob)] = []
        var failures: [ClassSummary.Failure] = []
        for (index, source) in options.submissions.enumerated() {
            let folder = "\(scratch)/\(index)"
            if let note = names[index].note { console.write(palette.apply(.yellow, "note ") + note + "\n") }
            do {
                let (path, origin) = try await Self.materialize(source, into: folder + "/clone", scratch: folder + "/repository", git: git, session: session)
                let submission = try Submission(path: path, course: course)
                let release = try await session.release(for: submission, named: options.release, source: source, command: "class", in: releases)
                var student = await submission.student(git: git, scratch: folder + "/repository")
                if path != session.absolutePath(source) { student.repository = origin }
                let job = SubmissionJob(
                    submission: submission, staging: folder + "/staging", build: folder + "/build", student: student, release: release,
                    checker: release.checker(like: checker), exercises: ReleaseChoice.counted(in: release.course, steps: options.steps, only: options.only))
                jobs.append((names[index].label, job))
                if let ref = release.ref, options.release == nil {
                    console.write("note " + UntrustedText.line("\(names[index].label): judged against the course at \(ref), the release it names") + "\n")
                }
            } catch {
                failures.append(ClassSummary.Failure(label: names[index].label, reason: "\(error)"))
                console.writeError(palette.apply(.yellow, "not graded ") + UntrustedText.line("\(source): \(error)") + "\n")
            }
        }
        guard !jobs.isEmpty else {
            console.writeError(palette.apply(.boldRed, "error: ") + "none of the \(options.submissions.count) submission(s) could be graded\n")
            return .failure
        }
        // Each student's checks, in the order of their release's exercises.
        let work = jobs.indices.flatMap { student in jobs[student].job.exercises.indices.map { (student, $0) } }
        let firsts = jobs.indices.reduce(into: [0]) { firsts, student in firsts.append(firsts[student] + jobs[student].job.exercises.count) }
        console.write("Grading \(jobs.count) submission(s), \(work.count) exercise check(s) on \(options.jobs ?? Session.gradingJobs) job(s)…\n")

        // 2. All checks, student-major, so later students reuse the first student's compiled tests.
        let clock = ContinuousClock()
        let start = clock.now
        let allJobs = jobs
        // Within each student, the dearest checks first (`GradingOrder`): the class's last
        // checks are then short ones.
        let startOrder = jobs.indices.flatMap { student in GradingOrder.startOrder(of: jobs[student].job.exercises).map { firsts[student] + $0 } }
        let graded = try await BoundedTasks.map(work.count, jobs: options.jobs ?? Session.gradingJobs, startOrder: startOrder) { index in
            let (student, exercise) = work[index]
            let job = allJobs[student].job
            return try await Session.grade(job.exercises[exercise], of: job, with: job.checker)
        }

        // 3. One report per student, then the class summary.
        let toolchain = checker.builder.toolchain.version.description
        var reports: [(label: String, report: GradeReport)] = []
        for (offset, entry) in jobs.enumerated() {
            let exercises = Array(graded[firsts[offset]..<firsts[offset + 1]])
            var report = entry.job.report(exercises, toolchain: toolchain)
            report.sandbox = GradeReport.SandboxInfo(sandbox)
            report.opensLater = ReleaseChoice.closed(in: entry.job.release.course, steps: options.steps, only: options.only)
            // The learner's committed progress, read as data: their skips are shown, never scored.
            report.markSkipped(session.recordedProgress(of: entry.job.submission.root))
            try AtomicFile.write(GradeReportFormat.json.render(report), to: "\(output)/\(entry.label).json")
            reports.append((entry.label, report))
        }
        var summary = ClassSummary(reports: reports, naming: .label)
        summary.failures = failures
        try AtomicFile.write(ClassSummaryFormat.html.render(summary), to: output + "/class.html")
        try AtomicFile.write(ClassSummaryFormat.csv.render(summary), to: output + "/class.csv")
        console.write(ClassSummaryFormat.text.render(summary))
        let seconds = (clock.now - start).inSeconds
        console.write(
            "Graded \(jobs.count) submission(s) in \(String(format: "%.1f", seconds)) s; reports, class.html and class.csv are in \(options.outputDirectory).\n"
        )
        for entry in reports where !(entry.report.submission?.flags.isEmpty ?? true) {
            console.write(palette.apply(.yellow, "flags ") + "\(entry.label): \(entry.report.submission?.flags.count ?? 0) file(s) differ from the course\n")
        }
        return failures.isEmpty ? .success : .failure
    }

    /// A folder as it is; a git bundle, a bare repository or a URL cloned into `destination`
    /// by ``SubmissionRepository`` (never with the source's own configuration). Returns the
    /// folder to grade and, for a clone, the `origin` to report (the URL, or a bare
    /// repository's own `origin` read as data).
    private static func materialize(
        _ source: String, into destination: String, scratch: String, git: Git?, session: Session
    ) async throws -> (path: String, origin: String?) {
        let isRemote = source.contains("://") || (source.contains("@") && source.contains(":"))
        let local = session.absolutePath(source)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: local, isDirectory: &isDirectory)
        let isBareRepository =
            exists && isDirectory.boolValue && FileManager.default.fileExists(atPath: local + "/HEAD")
            && FileManager.default.fileExists(atPath: local + "/objects")
        guard isRemote || (exists && !isDirectory.boolValue) || isBareRepository else { return (local, nil) }
        guard let git else {
            throw SubmissionError(path: source, problem: "needs git to be cloned, and git is not on the PATH")
        }
        let kind: SubmissionRepository.Source = isRemote ? .url(source) : isBareRepository ? .bareRepository(local) : .bundle(local)
        let origin = try await SubmissionRepository(git: git).clone(kind, into: destination, scratch: scratch)
        return (destination, origin)
    }
}

/// What `actorlings class grade` grades and where it writes the reports.
struct ClassGradeOptions: Sendable, Equatable {
    /// Folders, git repositories (URLs or paths) or git bundles, one per student.
    var submissions: [String]
    /// Where the per-student JSON reports and the class summary go.
    var outputDirectory: String
    /// How many exercises to check at once, across all students (default: one more than the cores).
    var jobs: Int?
    /// `--step` / `--only`, as `grade` takes them: the exercises every student is graded on.
    var steps: [Int] = []
    var only: [String] = []
    /// `--no-sandbox`, handed to each student's `grade --submission`.
    var noSandbox = false
    /// `--release REF`: the course release (a tag of the trusted checkout) every submission's
    /// course files are judged against; nil: each submission's own (its workflow's `course-ref`).
    var release: String?

    init(submissions: [String], outputDirectory: String = "grades", jobs: Int? = nil, steps: [Int] = [], only: [String] = []) {
        self.submissions = submissions
        self.outputDirectory = outputDirectory
        self.jobs = jobs
        self.steps = steps
        self.only = only
    }
}
