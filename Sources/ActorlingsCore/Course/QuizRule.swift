/// Every step between the first and the last ends with a quiz: an exercise (`quiz = true`) that
/// mixes the step's idea with an earlier step's, so the learner applies two rules at once.
///
/// The first step has no earlier step to mix with, and the last one (the capstone) mixes every
/// step already, so neither is held to the rule.
public enum QuizRule {
    /// One problem for each step that needs a quiz and does not end with one.
    public static func problems(in course: Course) -> [CourseProblem] {
        guard let first = course.steps.first?.number, let last = course.steps.last?.number else { return [] }
        return course.steps.compactMap { step in
            guard step.number != first, step.number != last else { return nil }
            guard let final = step.exercises.last else {
                return CourseProblem(
                    file: CourseLoader.coursePath, key: "step.exercises",
                    message: "step \(step.number) (\(step.title)) has no exercise, so it cannot end with a quiz; "
                        + "add its exercises, the last one a quiz with `quiz = true` in its exercise.toml")
            }
            guard !final.isQuiz else { return nil }
            let quizzes = step.exercises.filter(\.isQuiz).map { "`\($0.id)`" }
            let advice =
                quizzes.isEmpty
                ? "add an exercise that mixes this step's idea with an earlier step's, mark it `quiz = true` in its exercise.toml, "
                    + "and list it last in the step's `exercises`"
                : "move its quiz \(quizzes.joined(separator: ", ")) to the end of the step's `exercises`"
            return CourseProblem(
                file: CourseLoader.coursePath, key: "step.exercises",
                message: "step \(step.number) (\(step.title)) ends with `\(final.id)`, which is not a quiz; \(advice) "
                    + "(see \"Quizzes\" in Documentation/CourseFormat.md)")
        }
    }
}
