/// Renders `actorlings list` and the status summary: the journey, step by step, with each
/// exercise's state and a progress bar.
public struct JourneyRenderer: Sendable {
    public var palette: Palette
    public var width: Int

    public init(palette: Palette, width: Int = 80) {
        self.palette = palette
        self.width = width
    }

    public func render(course: Course, progress: LearnerProgress) -> String {
        let exercises = course.exercises
        let passed = exercises.filter { progress.isPassed($0.id) }.count
        // The exercise the learner is on, even once it passed (watch mode stays on it until `n`).
        let current =
            progress.current.flatMap(course.exercise(id:)).flatMap { course.isAvailable($0) ? $0.id : nil }
            ?? progress.currentExercise(in: course)?.id
        var out: [String] = []
        out.append(palette.apply(.bold, "\(course.title) \(course.version)") + " — \(passed) of \(exercises.count) exercises passed")
        out.append(progressBar(done: passed, total: exercises.count))
        let idWidth = min(40, (exercises.map(\.id.count).max() ?? 10) + 2)
        for step in course.steps {
            out.append("")
            let locked = course.pacing.map { step.number > $0.until } ?? false
            out.append(palette.apply(.boldCyan, "Step \(step.number) · \(step.title)") + (locked ? palette.apply(.dim, "  (opens later)") : ""))
            for exercise in step.exercises {
                let mark: String
                if exercise.id == current {
                    mark = palette.apply(.boldYellow, "▶")
                } else if progress.isPassed(exercise.id) {
                    mark = palette.apply(.green, "✔")
                } else if progress.isSkipped(exercise.id) {
                    mark = palette.apply(.yellow, "↷")
                } else if progress.exercises[exercise.id] != nil {
                    mark = palette.apply(.red, "✘")
                } else {
                    mark = palette.apply(.dim, "·")
                }
                let padded = exercise.id.padded(to: idWidth)
                let passedCurrent = exercise.id == current && progress.isPassed(exercise.id)
                out.append(
                    "  \(mark) \(exercise.id == current ? palette.apply(.bold, padded) : padded)\(palette.apply(.dim, exercise.title))"
                        + (exercise.isQuiz ? " " + palette.apply(.cyan, "· quiz") : "")
                        + (passedCurrent ? " " + palette.apply(.green, "✔ passed") : ""))
            }
        }
        out.append("")
        out.append(palette.apply(.dim, "✔ passed  ✘ failing  ↷ skipped  · not checked yet  ▶ current"))
        if exercises.contains(where: \.isQuiz) { out.append(palette.apply(.dim, Self.quizLine)) }
        return out.joined(separator: "\n") + "\n"
    }

    /// What a quiz asks, said under the legend of a course that has quizzes.
    public static let quizLine = "· quiz: a step's review, using its idea and an earlier step's together"

    public func progressBar(done: Int, total: Int) -> String {
        let barWidth = max(10, min(40, width - 12))
        let filled = total == 0 ? 0 : done * barWidth / total
        let percent = total == 0 ? 0 : done * 100 / total
        return "[" + palette.apply(.green, String(repeating: "█", count: filled))
            + palette.apply(.dim, String(repeating: "░", count: barWidth - filled)) + "] \(percent)%"
    }
}

extension String {
    /// Pads with spaces to `length` columns, always leaving at least one space after the text.
    public func padded(to length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
