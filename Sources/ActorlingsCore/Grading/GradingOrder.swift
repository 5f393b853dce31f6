/// The order in which a grade starts its checks: the dearest first, so that on a few cores the
/// last check to finish is a short one instead of a long one started last.
///
/// What is dear, without running anything: an exercise that asks for tests builds and runs once
/// per mutant besides the correct code; one under Thread Sanitizer runs several times slower;
/// then, the more files, the more to compile. Equal estimates keep the course's order. (Measured
/// on this course: `scooter-unlock`, the last exercise of step 8, took 7.4 s of a 40 s grade and
/// was started among the last.)
public enum GradingOrder {
    /// The indices of `exercises`, dearest first.
    public static func startOrder(of exercises: [Exercise]) -> [Int] {
        exercises.indices.sorted { left, right in
            let (a, b) = (cost(of: exercises[left]), cost(of: exercises[right]))
            return a != b ? a > b : left < right
        }
    }

    /// A rough cost in builds: one per implementation the tests run against, times four under
    /// Thread Sanitizer, plus a little per file.
    static func cost(of exercise: Exercise) -> Int {
        let builds = exercise.kind == .writeTests ? 1 + exercise.mutants.count : 1
        let sanitizer = exercise.settings.sanitizer == .thread ? 4 : 1
        return builds * sanitizer * 10 + exercise.files.count + exercise.testFiles.count
    }
}
