import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// Commands that show or change the course's files: lesson, reset, solution.
extension Session {
    func lesson(_ target: String?) async throws -> ExitCode {
        let text = try lessonText(target)
        let rendered = TerminalMarkdownRenderer(palette: palette, width: min(console.width, 100))
            .render(MarkdownDocument(parsing: text))
        let lines = rendered.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
        if console.isInteractive, lines > console.height, await console.page(rendered) {
            return .success
        }
        console.write(rendered)
        return .success
    }

    /// The Markdown to show: a step's whole lesson, or the section that teaches an exercise.
    func lessonText(_ target: String?) throws -> String {
        let step: Step
        var section: String?
        if let target, let number = Int(target) {
            guard let found = course.step(number: number) else {
                throw UsageError("there is no step \(number); steps are numbered 0 to \(course.steps.count - 1)")
            }
            step = found
        } else {
            let progress = progressStore.load().progress
            guard let exercise = try target.map(exercise(named:)) ?? progress.currentExercise(in: course),
                let found = course.step(number: exercise.stepNumber)
            else { return "" }
            step = found
            section = exercise.section
        }
        guard case .text(let text) = LocalCourseFiles(root: root).read(step.lessonPath) else {
            throw CourseLoadError(problems: [CourseProblem(file: step.lessonPath, message: "cannot be read")])
        }
        if let section, let part = MarkdownDocument(parsing: text).section(slug: section) {
            return part + "\n---\n\n*The whole lesson: `\(command) lesson \(step.number)`.*\n"
        }
        return text
    }

    func reset(_ id: String, confirmed: Bool) async throws -> ExitCode {
        let exercise = try exercise(named: id)
        let paths = exercise.sourcePaths + exercise.protectedPaths + exercise.testPaths + exercise.mutantPaths
        let git = GitObjects(root: root, environment: environment)
        var restored: [(path: String, data: Data)] = []
        for path in paths {
            guard let blob = shipped.ids[path] else {
                throw CourseLoadError(problems: [
                    CourseProblem(file: ShippedFiles.path, message: "\(path) is not listed; run `swift run actorlings dev generate`")
                ])
            }
            restored.append((path, try await git.blob(blob)))
        }
        let changed = restored.filter { FileManager.default.contents(atPath: root + "/" + $0.path) != $0.data }
        if changed.isEmpty {
            console.write("\(exercise.id) is already as shipped; nothing to restore.\n")
            return .success
        }
        if !confirmed {
            guard console.isInteractive else {
                throw UsageError("reset replaces your code in \(exercise.directory); run it in a terminal to confirm, or add --yes")
            }
            console.write("Restore \(changed.count) file(s) of \(exercise.id) as shipped? Your version is backed up first. [y/N] ")
            guard let answer = await console.readLine()?.lowercased(), answer == "y" || answer == "yes" else {
                console.write("Nothing changed.\n")
                return .success
            }
        }
        let backup = try backUp(changed.map(\.path), exercise: exercise)
        for file in changed {
            try AtomicFile.write(file.data, to: root + "/" + file.path)
        }
        var progress = progressStore.load()
        if progress.writable, progress.progress.exercises[exercise.id] != nil {
            progress.progress.exercises[exercise.id]?.status = .failing
            save(progress.progress, writable: true)
        }
        console.write("Restored \(changed.map(\.path).joined(separator: ", ")).\nYour previous version is in \(backup).\n")
        return .success
    }

    /// Copies files into `.actorlings/backups/<id>/<timestamp>/`, keeping their relative paths.
    func backUp(_ paths: [String], exercise: Exercise) throws -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        var directory = "\(root)/.actorlings/backups/\(exercise.id)/\(formatter.string(from: Date()))"
        var suffix = 1
        while FileManager.default.fileExists(atPath: directory) {
            suffix += 1
            directory = "\(root)/.actorlings/backups/\(exercise.id)/\(formatter.string(from: Date()))-\(suffix)"
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            try AtomicFile.write(data, to: directory + "/" + path)
        }
        return String(directory.dropFirst(root.count + 1))
    }

    func solution(_ id: String) async throws -> ExitCode {
        let exercise = try exercise(named: id)
        if let refusal = pacingRefusal(exercise) {
            console.write(refusal)
            return .failure
        }
        let files = LocalCourseFiles(root: root)
        if exercise.solutionPaths.allSatisfy({ files.read($0) == .missing }) {
            // A student template is published without Solutions/ (Scripts/publish-template.sh).
            console.write(
                "The reference solutions are not in this copy of the course (\(exercise.solutionDirectory) is not here): "
                    + "your instructor keeps them. `\(command) hint \(exercise.id)` still helps.\n")
            return .failure
        }
        let loaded = loadProgress()
        if !loaded.progress.isPassed(exercise.id) {
            console.write("Checking \(exercise.id) first: the solution is shown once it passes…\n")
            let verdict = try await makeChecker().check(exercise)
            var progress = loaded.progress
            progress.record(verdict)
            save(progress, writable: loaded.writable)
            guard verdict.outcome.isPassed else {
                console.write("\(exercise.id) does not pass yet. Keep going — `\(command) hint \(exercise.id)` helps.\n")
                return .failure
            }
        }
        for (mine, reference) in zip(exercise.sourcePaths, exercise.solutionPaths) {
            guard case .text(let solution) = files.read(reference) else { continue }
            console.write(palette.apply(.boldCyan, "── \(reference) ──") + "\n")
            console.write(SwiftHighlighter.highlight(solution, palette: palette))
            if case .text(let yours) = files.read(mine) {
                let diff = LineDiff.render(LineDiff.diff(yours, solution), palette: palette)
                console.write("\n" + palette.apply(.bold, "Yours (-) against the reference (+):") + "\n")
                console.write(diff.isEmpty ? "  identical\n" : diff)
            }
            console.write("\n")
        }
        return .success
    }
}
