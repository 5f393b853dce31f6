import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings class grade`: a whole class graded on one machine against this trusted course.
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
        let counted = try countedExercises(GradeOptions(steps: options.steps, only: options.only))
        let git = Git(environment: environment)
        let trustedFiles = await SubmissionTree.trustedFiles(root, git: git)
        // `--release REF`: every submission judged against that release of this checkout.
        var namedRelease: (ref: String, files: [String: String])?
        if let ref = options.release {
            guard let files = await git?.files(of: ref, in: root) else {
                throw UsageError("--release \(ref): this checkout has no tag or commit \(ref); `git tag` lists the releases it has", command: "class")
            }
            namedRelease = (ref, files)
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
                var student = await submission.student(git: git, scratch: folder + "/repository")
                if path != absolutePath(source) { student.repository = origin }
                jobs.append(
                    (names[index].label, SubmissionJob(submission: submission, staging: folder + "/staging", build: folder + "/build", student: student)))
            } catch {
                failures.append(ClassSummary.Failure(label: names[index].label, reason: "\(error)"))
                console.writeError(palette.apply(.yellow, "not graded ") + UntrustedText.line("\(source): \(error)") + "\n")
            }
        }
        guard !jobs.isEmpty else {
            console.writeError(palette.apply(.boldRed, "error: ") + "none of the \(options.submissions.count) submission(s) could be graded\n")
            return .failure
        }
        console.write("Grading \(jobs.count) submission(s) × \(counted.count) exercise(s) on \(options.jobs ?? Self.gradingJobs) job(s)…\n")

        // 2. All checks, student-major, so later students reuse the first student's compiled tests.
        let clock = ContinuousClock()
        let start = clock.now
        let work = jobs.indices.flatMap { student in counted.indices.map { (student, $0) } }
        let allJobs = jobs
        // Within each student, the dearest checks first (`GradingOrder`): the class's last
        // checks are then short ones.
        let dearestFirst = GradingOrder.startOrder(of: counted)
        let startOrder = jobs.indices.flatMap { student in dearestFirst.map { student * counted.count + $0 } }
        let graded = try await BoundedTasks.map(work.count, jobs: options.jobs ?? Self.gradingJobs, startOrder: startOrder) { index in
            let (student, exercise) = work[index]
            return try await Self.grade(counted[exercise], of: allJobs[student].job, with: checker)
        }

        // 3. One report per student, then the class summary.
        let toolchain = checker.builder.toolchain.version.description
        var reports: [(label: String, report: GradeReport)] = []
        for (offset, entry) in jobs.enumerated() {
            let exercises = Array(graded[(offset * counted.count)..<((offset + 1) * counted.count)])
            let flags = await releaseFlags(
                entry.job.submission.audit(course: course, trustedFiles: trustedFiles, trustedRoot: root), of: entry.job.submission, label: entry.label,
                named: namedRelease, git: git)
            var report = entry.job.report(exercises, course: course, toolchain: toolchain, flags: flags)
            report.sandbox = GradeReport.SandboxInfo(sandbox)
            report.opensLater = closedExercises(GradeOptions(steps: options.steps, only: options.only))
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

    /// The audit's flags judged against the course release the instructor named
    /// (`--release`), else the one the submission has: the `course-ref` its student workflow
    /// names, when that is a tag or commit of this trusted checkout. A course file as that release shipped it is a student who has not updated
    /// yet, never a tamperer; anything else stays flagged.
    private func releaseFlags(
        _ flags: [SubmissionFlag], of submission: Submission, label: String, named: (ref: String, files: [String: String])?, git: Git?
    ) async -> [SubmissionFlag] {
        guard !flags.isEmpty, let git else { return flags }
        let ref: String
        let release: [String: String]
        if let named {
            (ref, release) = named
        } else {
            guard case .data(let workflow) = SubmissionFiles.read(SubmissionAudit.studentWorkflow, in: submission.root),
                let claimed = GradingRelease.courseRef(inWorkflow: String(decoding: workflow, as: UTF8.self)),
                let files = await git.files(of: claimed, in: root)
            else { return flags }
            (ref, release) = (claimed, files)
        }
        var submitted: [String: String] = [:]
        for flag in flags {
            if case .data(let data) = SubmissionFiles.read(flag.file, in: submission.root) { submitted[flag.file] = GitBlobID.of(Array(data)) }
        }
        let judged = SubmissionAudit.flags(flags, againstRelease: release, submitted: submitted)
        if judged.count < flags.count {
            console.write(
                "note "
                    + UntrustedText.line(
                        "\(label): judged against the course at \(ref), the release it has (\(flags.count - judged.count) file(s) as \(ref) shipped them)")
                    + "\n")
        }
        return judged
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
