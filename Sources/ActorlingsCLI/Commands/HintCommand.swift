import ActorlingsCore
import ActorlingsRuntime

/// `actorlings hint [ID]`: the next hint for an exercise, chosen for its last verdict.
struct HintCommand: CourseCommand {
    var exercise: String?
    var name: String { "hint" }
    var needs: CommandNeeds { [] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: [])
        return HintCommand(exercise: try words.optionalOne())
    }

    func run(in session: Session) async throws -> ExitCode {
        let loaded = session.loadProgress()
        let progress = loaded.progress
        guard let exercise = try self.exercise.map(session.exercise(named:)) ?? progress.currentExercise(in: session.course) else {
            return .success
        }
        if let refusal = session.pacingRefusal(exercise) {
            session.console.write(refusal)
            return .failure
        }
        var text = ""
        session.updateProgress { progress in text = Self.next(for: exercise, progress: &progress, in: session) }
        session.console.write(text)
        return .success
    }

    /// One ask for a hint: chosen for `verdict` (else the last one recorded), counted in `progress`.
    static func next(
        for exercise: Exercise, progress: inout LearnerProgress, verdict: Verdict? = nil, inWatchMode: Bool = false, in session: Session
    ) -> String {
        // A passing exercise needs no hint; what it teaches is in its after-pass note.
        if progress.isPassed(exercise.id) && (verdict?.outcome.isPassed ?? true) {
            return PathWords.passingHint(exercise, palette: session.palette, command: session.command, inWatchMode: inWatchMode)
        }
        var entry = progress.exercises[exercise.id] ?? ExerciseProgress()
        let facts = verdict.map(VerdictFacts.init) ?? entry.lastVerdict
        let (selection, state) = HintChooser.next(for: exercise, facts: facts, state: entry.hintState)
        entry.hintState = state
        progress.exercises[exercise.id] = entry
        var renderer = HintRenderer(palette: session.palette, command: session.command)
        renderer.inWatchMode = inWatchMode
        return renderer.render(selection, exercise: exercise)
    }
}
