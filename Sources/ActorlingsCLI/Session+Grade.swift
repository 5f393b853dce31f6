import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings grade`: every counted exercise re-checked from scratch, reported for people or CI.
extension Session {
    func grade(_ options: GradeOptions) async throws -> ExitCode {
        for id in options.only { _ = try exercise(named: id) }
        for step in options.steps where course.step(number: step) == nil {
            throw UsageError("there is no step \(step); steps are numbered 0 to \(course.steps.count - 1)")
        }
        // Without --step or --only, a paced course counts what the learners may do so far.
        let candidates = options.steps.isEmpty && options.only.isEmpty ? course.availableExercises : course.exercises
        let counted = candidates.filter { exercise in
            (options.steps.isEmpty || options.steps.contains(exercise.stepNumber))
                && (options.only.isEmpty || options.only.contains(exercise.id))
        }
        let checker = try await makeChecker()
        // A fresh build folder: grading never reuses anything a previous check left behind.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-grade-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var graded: [GradedExercise] = []
        for exercise in counted {
            let verdict = try await checker.check(exercise, buildDirectory: "\(scratch)/\(exercise.id)")
            graded.append(GradedExercise(exercise: exercise, verdict: verdict, copiedSolution: isCopiedSolution(exercise)))
        }
        // An exercise whose definition is broken counts, as zero: breaking it must not shrink the total.
        for broken in course.brokenExercises
        where (options.steps.isEmpty || options.steps.contains(broken.stepNumber)) && (options.only.isEmpty || options.only.contains(broken.id)) {
            graded.append(GradedExercise(exercise: broken.placeholder, verdict: broken.verdict, copiedSolution: false))
        }
        let report = GradeReport(
            toolVersion: Actorlings.version, toolchain: checker.builder.toolchain.version.description, course: course,
            student: await student(), generatedAt: ISO8601DateFormatter().string(from: Date()), exercises: graded)

        let rendered = options.format.render(report, palette: options.output == nil ? palette : .plain)
        if let output = options.output {
            let path = output.hasPrefix("/") ? output : FileManager.default.currentDirectoryPath + "/" + output
            try AtomicFile.write(rendered, to: path)
            if options.format != .text {
                console.write(GradeReportFormat.text.render(report, palette: palette))
            }
            console.write("Wrote the \(options.format.rawValue) report to \(output).\n")
        } else {
            console.write(rendered)
        }
        for extra in options.extraReports {
            let path = extra.path.hasPrefix("/") ? extra.path : FileManager.default.currentDirectoryPath + "/" + extra.path
            try AtomicFile.write(extra.format.render(report), to: path)
            console.write("Wrote the \(extra.format.rawValue) report to \(extra.path).\n")
        }
        if let minimum = options.minimumScore {
            return report.score >= minimum ? .success : .failure
        }
        return report.allPassed ? .success : .failure
    }

    /// True when every learner file equals the reference solution, ignoring trailing white space
    /// and blank lines: a flag for the instructor to look, not a verdict.
    func isCopiedSolution(_ exercise: Exercise) -> Bool {
        let files = LocalCourseFiles(root: root)
        func normalized(_ path: String) -> String? {
            guard case .text(let text) = files.read(path) else { return nil }
            return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "\n")
        }
        return zip(exercise.sourcePaths, exercise.solutionPaths).allSatisfy { mine, reference in
            guard let mine = normalized(mine), let reference = normalized(reference) else { return false }
            return mine == reference
        }
    }

    /// The student's identity as git and the CI know it; every part is optional.
    func student() async -> GradeReport.Student {
        let git = GitObjects(root: root, environment: environment)
        var repository = environment["GITHUB_REPOSITORY"].flatMap { $0.isEmpty ? nil : $0 }
        if repository == nil {
            repository = await git.output(["remote", "get-url", "origin"])
        }
        return GradeReport.Student(
            name: await git.output(["config", "user.name"]),
            email: await git.output(["config", "user.email"]),
            repository: repository)
    }
}
