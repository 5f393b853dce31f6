import ActorlingsCore
import ActorlingsRuntime

/// `actorlings watch`: checks the current exercise on every save (`WatchMode`); a terminal only.
struct WatchCommand: CourseCommand {
    var name: String { "watch" }
    // Watch mode takes the lock for each check, not for its whole run.
    var needs: CommandNeeds { [.toolchain, .explanations] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.expectNothing()
        return WatchCommand()
    }

    func run(in session: Session) async throws -> ExitCode {
        guard session.console.isInteractive else {
            throw UsageError("watch mode needs a terminal; use `actorlings check` in scripts and CI")
        }
        return try await Self.watch(in: session)
    }

    /// Watch mode on the current exercise, or the status when every exercise is done.
    static func watch(in session: Session) async throws -> ExitCode {
        let checker = try await session.makeChecker()
        let loaded = session.loadProgress()
        guard let exercise = loaded.progress.currentExercise(in: session.course) else { return StartCommand.status(in: session) }
        var mode = WatchMode(session: session, checker: checker, progress: loaded, exercise: exercise)
        return try await mode.run()
    }
}
