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
extension Session {
    func classGrade(_ options: ClassGradeOptions) async throws -> ExitCode {
        let output = absolutePath(options.outputDirectory)
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-class-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let sandbox = try sandboxStatus(required: true, noSandbox: options.noSandbox)
        let checker = try await makeChecker(testObjectCache: trustedTestCache, sandboxed: !options.noSandbox)
        _ = try countedExercises(GradeOptions(steps: options.steps, only: options.only))
        let git = Git(environment: environment)
        let releases = await courseReleases(git: git)
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
                let (path, origin) = try await materialize(source, into: folder + "/clone", scratch: folder + "/repository", git: git)
                let submission = try Submission(path: path, course: course)
                let release = try await release(for: submission, named: options.release, source: source, command: "class", in: releases)
                var student = await submission.student(git: git, scratch: folder + "/repository")
                if path != absolutePath(source) { student.repository = origin }
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
        console.write("Grading \(jobs.count) submission(s), \(work.count) exercise check(s) on \(options.jobs ?? Self.gradingJobs) job(s)…\n")

        // 2. All checks, student-major, so later students reuse the first student's compiled tests.
        let clock = ContinuousClock()
        let start = clock.now
        let allJobs = jobs
        // Within each student, the dearest checks first (`GradingOrder`): the class's last
        // checks are then short ones.
        let startOrder = jobs.indices.flatMap { student in GradingOrder.startOrder(of: jobs[student].job.exercises).map { firsts[student] + $0 } }
        let graded = try await BoundedTasks.map(work.count, jobs: options.jobs ?? Self.gradingJobs, startOrder: startOrder) { index in
            let (student, exercise) = work[index]
            let job = allJobs[student].job
            return try await Self.grade(job.exercises[exercise], of: job, with: job.checker)
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
            report.markSkipped(recordedProgress(of: entry.job.submission.root))
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
    private func materialize(_ source: String, into destination: String, scratch: String, git: Git?) async throws -> (path: String, origin: String?) {
        let isRemote = source.contains("://") || (source.contains("@") && source.contains(":"))
        let local = absolutePath(source)
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
