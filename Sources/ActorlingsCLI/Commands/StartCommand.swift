import ActorlingsCore
import ActorlingsRuntime

/// `actorlings` with no command: watch mode in a terminal, the learner's status otherwise.
struct StartCommand: CourseCommand {
    var name: String { "watch" }
    // Watch mode takes the lock for each check, not for its whole run.
    var needs: CommandNeeds { [.toolchain, .explanations] }

    func run(in session: Session) async throws -> ExitCode {
        session.console.isInteractive ? try await WatchCommand.watch(in: session) : Self.status(in: session)
    }

    /// The journey so far and what to do next.
    static func status(in session: Session) -> ExitCode {
        let (console, palette, course, command) = (session.console, session.palette, session.course, session.command)
        let progress = session.loadProgress().progress
        console.write(JourneyRenderer(palette: palette, width: console.width).render(course: course, progress: progress))
        if let current = progress.firstUnfinished(in: course) {
            console.write("\nYour next exercise: \(palette.apply(.bold, current.id)) — \(current.title)\n")
            console.write("  Edit \(current.sourcePaths.joined(separator: ", "))\n")
            console.write("  Run `\(command)` in a terminal to check it on every save, or `\(command) check \(current.id)`.\n")
        } else if let message = session.pacingMessage() {
            console.write("\n" + message + "\n")
        } else if let skipped = course.availableExercises.first(where: { progress.isSkipped($0.id) }) {
            console.write("\nEvery other exercise has passed; you skipped \(skipped.id). `\(command) check \(skipped.id)` when you come back to it.\n")
        } else {
            console.write("\nEvery exercise has passed. Congratulations!\n")
        }
        return .success
    }
}
