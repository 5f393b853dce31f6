/// Chooses the lesson a diagnostic's explanation points at, with the learner's exercise in mind.
///
/// A knowledge-base entry names one lesson section and the exercises that practise it; the same
/// diagnostic is met in several steps (`take(for:)` called without `await` is a step 3 lesson and
/// a step 4 exercise). The learner is best served by the section of the step they are in.
public enum LessonLink {
    /// The link: the exercise's own section when the entry lists the exercise; else a section in
    /// the exercise's step (the entry's lesson, then the sections of the exercises it lists);
    /// else the entry's lesson, labelled with its step when that is not the exercise's.
    public static func choose(for explanation: Explanation, exercise: Exercise, in course: Course) -> String? {
        func step(ofLesson lesson: String) -> Step? {
            let directory = lesson.split(separator: "#", maxSplits: 1).first.map(String.init) ?? lesson
            return course.steps.first { $0.directoryName == directory }
        }
        func link(_ practised: Exercise) -> String? {
            course.steps.first { $0.number == practised.stepNumber }.map { "\($0.lessonPath)#\(practised.section)" }
        }
        if explanation.exercises.contains(exercise.id) {
            return link(exercise)
        }
        if let lesson = explanation.lesson, step(ofLesson: lesson)?.number == exercise.stepNumber {
            return explanation.lessonPath
        }
        let sameStep = explanation.exercises.compactMap(course.exercise(id:)).first { $0.stepNumber == exercise.stepNumber }
        if let sameStep, let path = link(sameStep) {
            return path
        }
        guard let path = explanation.lessonPath else { return nil }
        if let lesson = explanation.lesson, let other = step(ofLesson: lesson) {
            return path + " (step \(other.number), \(other.title))"
        }
        return path
    }
}
