import ActorlingsCore
import ActorlingsRuntime

/// `actorlings lesson [STEP | ID]`: a step's lesson, or the section that teaches an exercise,
/// paged in a terminal when it is longer than the screen.
struct LessonCommand: CourseCommand {
    var target: String?
    var name: String { "lesson" }
    var needs: CommandNeeds { [] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: [])
        return LessonCommand(target: try words.optionalOne())
    }

    func run(in session: Session) async throws -> ExitCode {
        let console = session.console
        let text = try Self.text(target, in: session)
        let rendered = TerminalMarkdownRenderer(palette: session.palette, width: min(console.width, 100))
            .render(MarkdownDocument(parsing: text))
        let lines = rendered.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
        if console.isInteractive, lines > console.height, await console.page(rendered) {
            return .success
        }
        console.write(rendered)
        return .success
    }

    /// The Markdown to show: a step's whole lesson, or the section that teaches an exercise.
    static func text(_ target: String?, in session: Session) throws -> String {
        let course = session.course
        let step: Step
        var section: String?
        if let target, let number = Int(target) {
            guard let found = course.step(number: number) else {
                throw UsageError("there is no step \(number); steps are numbered 0 to \(course.steps.count - 1)")
            }
            step = found
        } else {
            let progress = session.progressStore.load().progress
            guard let exercise = try target.map(session.exercise(named:)) ?? progress.currentExercise(in: course),
                let found = course.step(number: exercise.stepNumber)
            else { return "" }
            step = found
            section = exercise.section
        }
        guard case .text(let text) = LocalCourseFiles(root: session.root).read(step.lessonPath) else {
            throw CourseLoadError(problems: [CourseProblem(file: step.lessonPath, message: "cannot be read")])
        }
        if let section, let part = MarkdownDocument(parsing: text).section(slug: section) {
            return part + "\n---\n\n*The whole lesson: `\(session.command) lesson \(step.number)`.*\n"
        }
        return text
    }
}
