import ActorlingsCore
import ActorlingsRuntime

/// `actorlings solution ID`: the reference solution beside the learner's, once the exercise passes.
struct SolutionCommand: CourseCommand {
    var exercise: String
    var name: String { "solution" }
    var needs: CommandNeeds { [.lock, .toolchain] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: [])
        guard let id = try words.optionalOne() else {
            throw UsageError("solution needs an exercise, e.g. `actorlings solution intro`", command: words.name)
        }
        return SolutionCommand(exercise: id)
    }

    func run(in session: Session) async throws -> ExitCode {
        let (console, palette, command) = (session.console, session.palette, session.command)
        let exercise = try session.exercise(named: self.exercise)
        if let refusal = session.pacingRefusal(exercise) {
            console.write(refusal)
            return .failure
        }
        let files = LocalCourseFiles(root: session.root)
        if exercise.solutionPaths.allSatisfy({ files.read($0) == .missing }) {
            // A student template is published without Solutions/ (Scripts/publish-template.sh).
            console.write(
                "The reference solutions are not in this copy of the course (\(exercise.solutionDirectory) is not here): "
                    + "your instructor keeps them. `\(command) hint \(exercise.id)` still helps.\n")
            return .failure
        }
        let loaded = session.loadProgress()
        if !loaded.progress.isPassed(exercise.id) {
            console.write("Checking \(exercise.id) first: the solution is shown once it passes…\n")
            let verdict = try await session.makeChecker().check(exercise)
            session.updateProgress { $0.record(verdict) }
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
