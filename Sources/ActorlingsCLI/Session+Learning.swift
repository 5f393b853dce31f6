import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// The learner's commands: status, list, check, hint.
extension Session {
    func status() -> ExitCode {
        let progress = loadProgress().progress
        console.write(JourneyRenderer(palette: palette, width: console.width).render(course: course, progress: progress))
        if let current = progress.firstUnfinished(in: course) {
            console.write("\nYour next exercise: \(palette.apply(.bold, current.id)) — \(current.title)\n")
            console.write("  Edit \(current.sourcePaths.joined(separator: ", "))\n")
            console.write("  Run `\(command)` in a terminal to check it on every save, or `\(command) check \(current.id)`.\n")
        } else if let message = pacingMessage() {
            console.write("\n" + message + "\n")
        } else if let skipped = course.availableExercises.first(where: { progress.isSkipped($0.id) }) {
            console.write("\nEvery other exercise has passed; you skipped \(skipped.id). `\(command) check \(skipped.id)` when you come back to it.\n")
        } else {
            console.write("\nEvery exercise has passed. Congratulations!\n")
        }
        return .success
    }

    func list() -> ExitCode {
        let progress = loadProgress().progress
        console.write(JourneyRenderer(palette: palette, width: console.width).render(course: course, progress: progress))
        return .success
    }

    func check(_ target: Command.CheckTarget) async throws -> ExitCode {
        let loaded = loadProgress()
        var progress = loaded.progress
        let exercises: [Exercise]
        switch target {
        case .current:
            guard let current = progress.currentExercise(in: course) else { return .success }
            exercises = [current]
        case .exercise(let id):
            let chosen = try exercise(named: id)
            if let refusal = pacingRefusal(chosen) {
                console.write(refusal)
                return .failure
            }
            exercises = [chosen]
        case .all:
            exercises = course.availableExercises
        }
        var checker = try await makeChecker()
        checker.replaySeed = replaySeed
        let renderer = verdictRenderer()
        var allPassed = true
        for exercise in exercises {
            let verdict = try await checker.check(exercise)
            progress.record(verdict)
            allPassed = allPassed && verdict.outcome.isPassed
            if case .all = target {
                let mark = verdict.outcome.isPassed ? palette.apply(.green, "✔") : palette.apply(.red, "✘")
                console.write("\(mark) \(exercise.id.padded(to: 40))\(palette.apply(.dim, verdict.outcome.kind.rawValue + ", " + seconds(verdict.duration)))\n")
            } else {
                console.write(renderer.render(verdict, exercise: exercise, next: progress.nextUnfinished(after: exercise.id, in: course)))
            }
        }
        if case .all = target {
            let passed = exercises.filter { progress.isPassed($0.id) }.count
            console.write("\n\(passed) of \(exercises.count) exercises pass.\n")
        }
        if case .current = target, let only = exercises.first, progress.isPassed(only.id) {
            progress.current = progress.firstUnfinished(in: course)?.id ?? only.id
        }
        save(progress, writable: loaded.writable)
        return allPassed ? .success : .failure
    }

    func hint(_ id: String?) throws -> ExitCode {
        let loaded = loadProgress()
        var progress = loaded.progress
        guard let exercise = try id.map(exercise(named:)) ?? progress.currentExercise(in: course) else {
            return .success
        }
        if let refusal = pacingRefusal(exercise) {
            console.write(refusal)
            return .failure
        }
        console.write(nextHint(for: exercise, progress: &progress))
        save(progress, writable: loaded.writable)
        return .success
    }

    /// One ask for a hint: chosen for `verdict` (else the last one recorded), counted in `progress`.
    func nextHint(for exercise: Exercise, progress: inout LearnerProgress, verdict: Verdict? = nil, inWatchMode: Bool = false) -> String {
        // A passing exercise needs no hint; what it teaches is in its after-pass note.
        if progress.isPassed(exercise.id) && (verdict?.outcome.isPassed ?? true) {
            return PathWords.passingHint(exercise, palette: palette, command: command, inWatchMode: inWatchMode)
        }
        var entry = progress.exercises[exercise.id] ?? ExerciseProgress()
        let facts = verdict.map(VerdictFacts.init) ?? entry.lastVerdict
        let (selection, state) = HintChooser.next(for: exercise, facts: facts, state: entry.hintState)
        entry.hintState = state
        progress.exercises[exercise.id] = entry
        var renderer = HintRenderer(palette: palette, command: command)
        renderer.inWatchMode = inWatchMode
        return renderer.render(selection, exercise: exercise)
    }

    /// The hints shown so far, chosen for the last recorded verdict, with the ladder's first
    /// `shown` rungs (watch mode counts the asks itself and records each verdict before).
    func renderHints(_ exercise: Exercise, shown: Int) -> String {
        let facts = progressStore.load().progress.exercises[exercise.id]?.lastVerdict
        var renderer = HintRenderer(palette: palette, command: command)
        renderer.inWatchMode = true
        return renderer.render(HintChooser.current(for: exercise, facts: facts, ladderShown: shown), exercise: exercise)
    }
}

extension Session {
    /// `reset ID --undo`: puts back the files the exercise's last `reset` backed up.
    ///
    /// Only that exercise's own files come back, and what is there now is backed up first (to a
    /// `…-before-undo` folder, which a later undo does not take for a reset's backup), so that no
    /// edit made since the reset is lost.
    func undoReset(_ id: String) throws -> ExitCode {
        let exercise = try exercise(named: id)
        let folder = "\(root)/.actorlings/backups/\(exercise.id)"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard let latest = ResetBackups.latest(among: names) else {
            console.write("\(exercise.id) has no backup made by `\(command) reset \(exercise.id)`, so there is nothing to undo.\n")
            return .failure
        }
        let own = Set(exercise.sourcePaths + exercise.protectedPaths + exercise.testPaths + exercise.mutantPaths)
        let backup = "\(folder)/\(latest)"
        let files = own.sorted().compactMap { path in FileManager.default.contents(atPath: backup + "/" + path).map { (path, $0) } }
        guard !files.isEmpty else {
            console.write("The backup \(String(backup.dropFirst(root.count + 1))) holds none of \(exercise.id)'s files; nothing changed.\n")
            return .failure
        }
        let before = "\(folder)/\(latest)-before-undo"
        for (path, _) in files {
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            try AtomicFile.write(data, to: before + "/" + path)
        }
        for (path, data) in files {
            try AtomicFile.write(data, to: root + "/" + path)
        }
        let relative = { (path: String) in String(path.dropFirst(self.root.count + 1)) }
        console.write(
            "Restored \(files.map(\.0).joined(separator: ", ")) from \(relative(backup)), the backup the reset made.\n"
                + "What was there before is in \(relative(before)).\n")
        return .success
    }
}
