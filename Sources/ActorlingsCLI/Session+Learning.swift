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
                console.write(renderer.render(verdict, exercise: exercise, next: nextExercise(after: exercise)))
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
