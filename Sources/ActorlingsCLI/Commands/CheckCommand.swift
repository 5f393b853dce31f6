import ActorlingsCore
import ActorlingsRuntime

/// `actorlings check [ID | --all]`: checks exercises once and prints their verdicts.
struct CheckCommand: CourseCommand {
    enum Target: Sendable, Equatable {
        /// The learner's current exercise.
        case current
        case exercise(String)
        case all
    }

    var target: Target
    var name: String { "check" }
    var needs: CommandNeeds { [.lock, .toolchain, .explanations] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: ["--all"])
        if words.flags.contains("--all") {
            guard words.arguments.isEmpty else { throw UsageError("give an exercise or --all, not both", command: words.name) }
            return CheckCommand(target: .all)
        }
        return CheckCommand(target: try words.optionalOne().map(Target.exercise) ?? .current)
    }

    func run(in session: Session) async throws -> ExitCode {
        let (console, palette, course) = (session.console, session.palette, session.course)
        let loaded = session.loadProgress()
        var progress = loaded.progress
        let exercises: [Exercise]
        switch target {
        case .current:
            guard let current = progress.currentExercise(in: course) else { return .success }
            exercises = [current]
        case .exercise(let id):
            let chosen = try session.exercise(named: id)
            if let refusal = session.pacingRefusal(chosen) {
                console.write(refusal)
                return .failure
            }
            exercises = [chosen]
        case .all:
            exercises = course.availableExercises
        }
        var checker = try await session.makeChecker()
        checker.replaySeed = session.replaySeed
        let renderer = session.verdictRenderer()
        var allPassed = true
        var verdicts: [Verdict] = []
        for exercise in exercises {
            let verdict = try await checker.check(exercise)
            verdicts.append(verdict)
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
        let movesOn = target == .current
        session.updateProgress { progress in
            for verdict in verdicts { progress.record(verdict) }
            if movesOn, let only = exercises.first, progress.isPassed(only.id) {
                progress.current = progress.firstUnfinished(in: course)?.id ?? only.id
            }
        }
        return allPassed ? .success : .failure
    }
}
