import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// What `grade` and `class grade` share: which exercises count, which release judges a
/// submission, how one exercise of a submission is staged and checked, who the student is.
extension Session {
    /// The exercises pacing keeps closed, when pacing (not `--step`/`--only`) chose what counts.
    func closedExercises(_ options: GradeOptions) -> [GradeReport.ClosedExercise]? {
        ReleaseChoice.closed(in: course, steps: options.steps, only: options.only)
    }

    /// The exercises `--step`/`--only` select; a paced course counts what learners may do so far.
    func countedExercises(_ options: GradeOptions) throws -> [Exercise] {
        for id in options.only { _ = try exercise(named: id) }
        for step in options.steps where course.step(number: step) == nil {
            throw UsageError("there is no step \(step); steps are numbered 0 to \(course.steps.count - 1)")
        }
        return ReleaseChoice.counted(in: course, steps: options.steps, only: options.only)
    }

    /// The releases of this trusted checkout, read from its git history; the checkout as it
    /// is judges a submission that names none.
    func courseReleases(git: Git?) async -> CourseReleases {
        let files = await SubmissionTree.trustedFiles(root, git: git)
        return CourseReleases(checkout: CourseRelease(ref: nil, root: root, course: course, shipped: shipped, files: files), git: git)
    }

    /// The release `submission` is judged against: `named` (`--release`), else the `course-ref`
    /// its student workflow names (read as data), else this checkout as it is (also when it has
    /// no git history to read releases from). A release this checkout lacks is an error naming
    /// it: the instructor's usage error, or this submission's.
    func release(
        for submission: Submission, named: String?, source: String, command: String, in releases: CourseReleases
    ) async throws -> CourseRelease {
        var workflow: String?
        if case .data(let data) = SubmissionFiles.read(SubmissionAudit.studentWorkflow, in: submission.root) {
            workflow = String(decoding: data, as: UTF8.self)
        }
        guard let (ref, chooser) = ReleaseChoice.ref(named: named, workflow: workflow) else { return releases.checkout }
        // A checkout without its history is the one release there is (as before releases were read).
        if chooser == .claimed, !releases.readsHistory { return releases.checkout }
        guard let release = try await releases.release(ref) else {
            let message = ReleaseChoice.missing(ref, source: chooser)
            if chooser == .named { throw UsageError(message, command: command) }
            throw SubmissionError(path: source, problem: message)
        }
        return release
    }

    /// Where grading against this trusted checkout keeps compiled tests, for every later grade:
    /// a test object depends only on the course's tests and the learner module's interface (its
    /// name hashes both), and this folder is the trusted checkout's, never a submission's.
    var trustedTestCache: String { StateFolder(root: root).trustedTestObjects }

    /// The progress a checkout records, read without changing anything there (a damaged or
    /// newer file counts as none): under `--submission` it is the student's to write, so it is
    /// read as data (``SubmissionFiles``): no link on its path, a progress file's size at most.
    func recordedProgress(of checkout: String) -> LearnerProgress {
        guard case .data(let data) = SubmissionFiles.read(StateFolder.relativeProgress, in: checkout, limit: ProgressStore.sizeLimit),
            case .decoded(let progress) = ProgressDecoding.decode(data)
        else { return LearnerProgress() }
        return progress
    }

    static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
    /// Checks at once when grading: one more than the cores, because a check also waits (a test
    /// run that sleeps, a process starting) and the extra check fills those gaps.
    static var gradingJobs: Int { cores + 1 }

    /// One exercise of a submission: its learner files staged next to the course's other files,
    /// checked against the course's tests and settings, staged paths shown as the learner's.
    static func grade(_ exercise: Exercise, of job: SubmissionJob, with checker: ExerciseChecker) async throws -> GradedExercise {
        let verdict: Verdict
        switch try job.submission.stage(exercise, trustedRoot: checker.root, staging: job.staging) {
        case .staged(let sources):
            verdict = try await check(exercise, with: checker, sourceDirectory: sources, buildDirectory: "\(job.build)/\(exercise.id)")
        case .refused(let refusals):
            verdict = Verdict(exerciseID: exercise.id, outcome: .unreadableFiles(refusals), duration: .zero)
        }
        let learner = exercise.sourcePaths.map(job.submission.learnerText)
        // The trusted course's exercise files are the shipped ones.
        let course = LocalCourseFiles(root: checker.root)
        let shipped = exercise.sourcePaths.map { path -> String? in if case .text(let text) = course.read(path) { text } else { nil } }
        var graded = GradedExercise(
            exercise: exercise, verdict: verdict, copiedSolution: isCopied(learner, shipped: shipped, exercise: exercise, courseRoot: checker.root))
        graded.unchanged = isUnchanged(learner, shipped: shipped) ? true : nil
        let prefix = job.staging + "/"
        for index in graded.problems.indices {
            if let file = graded.problems[index].file, file.hasPrefix(prefix) {
                graded.problems[index].file = String(file.dropFirst(prefix.count))
            }
        }
        return graded
    }

    /// A check whose tool failure becomes this exercise's compile error, so that one exercise
    /// that cannot be checked never stops the others from being graded.
    static func check(_ exercise: Exercise, with checker: ExerciseChecker, sourceDirectory: String?, buildDirectory: String) async throws -> Verdict {
        do {
            return try await checker.check(exercise, sourceDirectory: sourceDirectory, buildDirectory: buildDirectory)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return Verdict(
                exerciseID: exercise.id,
                outcome: .notChecked(NotChecked(.grader, "\(error)")),
                duration: .zero)
        }
    }

    /// True when every learner file is still the shipped text: the exercise is not started.
    static func isUnchanged(_ learner: [String?], shipped: [String?]) -> Bool {
        !learner.isEmpty && zip(learner, shipped).allSatisfy { mine, course in mine != nil && mine == course }
    }

    /// True when every learner file is about the reference solution (`SolutionSimilarity`): a
    /// flag for the instructor to look, not a verdict. False when the course has no solutions.
    static func isCopied(_ learner: [String?], shipped: [String?], exercise: Exercise, courseRoot: String) -> Bool {
        let files = LocalCourseFiles(root: courseRoot)
        let reference = exercise.solutionPaths.map { path -> String? in if case .text(let text) = files.read(path) { text } else { nil } }
        let mine = learner.compactMap { $0 }
        let theirs = reference.compactMap { $0 }
        guard mine.count == learner.count, theirs.count == reference.count else { return false }
        return SolutionSimilarity.isCopy(learner: mine, reference: theirs, shipped: shipped)
    }

    func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory + "/" + path
    }

    /// The student's identity as git and the CI know it; every part is optional. The name and
    /// email are read as data from the configuration files git would read (the checkout's,
    /// then the user's), so no git process reads a configuration for them.
    func student() async -> GradeReport.Student {
        var repository = environment["GITHUB_REPOSITORY"].flatMap { $0.isEmpty ? nil : $0 }
        if repository == nil {
            repository = await GitObjects(root: root, environment: environment).output(["remote", "get-url", "origin"]).map(RepositoryAddress.redacted)
        }
        let home = environment["HOME"] ?? ""
        let xdg = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        // Git's order: the later file wins.
        // The user's own files, so links are followed (dotfiles are often linked); 1 MB at most.
        let files = [xdg + "/git/config", home + "/.gitconfig", root + "/.git/config"].compactMap { path -> String? in
            (try? FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 1 << 20)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
        }
        func value(_ key: String) -> String? {
            files.flatMap { SubmissionGitData.values(of: key, in: $0) }.last.flatMap { $0.isEmpty ? nil : $0 }
        }
        return GradeReport.Student(name: value("user.name"), email: value("user.email"), repository: repository)
    }
}

/// One submission being graded: where its files are staged and built, who it is, and the
/// release of the course that judges it (its tests, exercises and points: `checker`, `exercises`).
struct SubmissionJob: Sendable {
    let submission: Submission
    let staging: String
    let build: String
    let student: GradeReport.Student
    let release: CourseRelease
    let checker: ExerciseChecker
    let exercises: [Exercise]

    /// The report: differences from the release are listed, and each exercise whose folder holds
    /// one is marked `course-files-changed` — evidence, never a change of score.
    func report(_ graded: [GradedExercise], toolchain: String) -> GradeReport {
        let course = release.course
        let flags = submission.audit(course: course, trustedFiles: release.files, trustedRoot: release.root)
        var graded = graded
        for index in graded.indices {
            guard let exercise = course.exercise(id: graded[index].id) else { continue }
            if flags.contains(where: { $0.file.hasPrefix(exercise.directory + "/") }) {
                graded[index].flags.append("course-files-changed")
            }
        }
        var report = GradeReport(
            toolVersion: Actorlings.version, toolchain: toolchain, course: course, student: student,
            generatedAt: ISO8601DateFormatter().string(from: Date()), exercises: graded,
            submission: GradeReport.Submission(flags: flags))
        report.course.release = release.ref
        return report
    }
}
