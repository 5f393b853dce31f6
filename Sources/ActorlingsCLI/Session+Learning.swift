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
            if !course.isAvailable(chosen), let message = pacingMessage() {
                console.write("\(chosen.id) is part of step \(chosen.stepNumber), which opens later. \(message)\n")
                return .failure
            }
            exercises = [chosen]
        case .all:
            exercises = course.availableExercises
        }
        let checker = try await makeChecker()
        let renderer = verdictRenderer()
        var allPassed = true
        for exercise in exercises {
            let verdict = try await checker.check(exercise)
            progress.record(verdict)
            allPassed = allPassed && verdict.outcome.isPassed
            if case .all = target {
                let mark = verdict.outcome.isPassed ? palette.apply(.green, "✔") : palette.apply(.red, "✘")
                console.write("\(mark) \(exercise.id.padded(to: 40))\(palette.apply(.dim, verdict.outcome.kind + ", " + seconds(verdict.duration)))\n")
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
        var entry = progress.exercises[exercise.id] ?? ExerciseProgress()
        entry.hintsShown = min(exercise.hints.count, entry.hintsShown + 1)
        progress.exercises[exercise.id] = entry
        console.write(renderHints(exercise, shown: entry.hintsShown))
        save(progress, writable: loaded.writable)
        return .success
    }

    func renderHints(_ exercise: Exercise, shown: Int) -> String {
        var out = palette.apply(.bold, "Hints for \(exercise.id)") + palette.apply(.dim, " (\(shown) of \(exercise.hints.count))") + "\n"
        for (index, hint) in exercise.hints.prefix(shown).enumerated() {
            let lines = hint.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n", omittingEmptySubsequences: false)
            out += "\n" + palette.apply(.boldCyan, "\(index + 1).") + " " + lines.joined(separator: "\n   ") + "\n"
        }
        if shown < exercise.hints.count {
            out += palette.apply(.dim, "\nAsk again for the next hint.") + "\n"
        } else {
            out += palette.apply(.dim, "\nThat was the last hint. The lesson section may help too: `\(command) lesson \(exercise.id)`.") + "\n"
        }
        return out
    }
}
