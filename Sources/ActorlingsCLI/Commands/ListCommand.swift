import ActorlingsCore
import ActorlingsRuntime

/// `actorlings list`: every exercise, step by step, with the learner's progress.
struct ListCommand: CourseCommand {
    var name: String { "list" }
    var needs: CommandNeeds { [] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.expectNothing()
        return ListCommand()
    }

    func run(in session: Session) async throws -> ExitCode {
        let progress = session.loadProgress().progress
        session.console.writeWrapped(
            JourneyRenderer(palette: session.palette, width: session.console.width).render(course: session.course, progress: progress))
        return .success
    }
}
