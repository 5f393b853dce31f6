import Testing

@testable import ActorlingsCore

private func exercise(_ id: String, step: Int, section: String) -> Exercise {
    let folder = ["03-concurrent", "04-actors"][step - 3]
    return Exercise(
        id: id, title: id, stepNumber: step, section: section, files: ["A.swift"], testFiles: ["ATests.swift"],
        settings: CompilerSettings(), expectedFailure: .tests(["t()"]), forbidden: [], hints: ["h"], afterPass: "",
        timeLimit: .seconds(10), points: 1, directory: "Exercises/\(folder)/\(id)", solutionDirectory: "Solutions/\(folder)/\(id)")
}

private let course = Course(
    format: 1, title: "T", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [],
    steps: [
        Step(number: 3, id: "concurrent", title: "Concurrent", exercises: [exercise("async-let", step: 3, section: "async-let")]),
        Step(
            number: 4, id: "actors", title: "Actors",
            exercises: [
                exercise("actor-for-shared-state", step: 4, section: "an-actor-owns-its-state"),
                exercise("reentrancy-in-flight-tasks", step: 4, section: "in-flight-tasks"),
            ]),
    ])

private func explanation(lesson: String?, exercises: [String]) -> Explanation {
    Explanation(
        file: "Lessons/Explanations/x.toml", title: "x", summary: "s", meaning: "m", fixes: ["f"], wrongFix: "w", lesson: lesson,
        exercises: exercises)
}

@Suite("Links and words that fit the learner's exercise")
struct VerdictWordsTests {
    @Test(
        "A diagnostic's lesson link is chosen within the exercise's own step",
        arguments: [
            // The entry lists this exercise: its own section.
            (
                ["reentrancy-in-flight-tasks", "async-let"], "03-concurrent#awaiting-a-task", "reentrancy-in-flight-tasks",
                "Lessons/04-actors.md#in-flight-tasks"
            ),
            // Another exercise of the same step: its section, not the earlier step's.
            (
                ["async-let", "actor-for-shared-state"], "03-concurrent#awaiting-a-task", "reentrancy-in-flight-tasks",
                "Lessons/04-actors.md#an-actor-owns-its-state"
            ),
            // The entry's lesson is in the exercise's step.
            (["async-let"], "04-actors#await-inside-an-actor", "reentrancy-in-flight-tasks", "Lessons/04-actors.md#await-inside-an-actor"),
            // Only an earlier step teaches it: linked, and said to be that step.
            (
                ["async-let"], "03-concurrent#awaiting-a-task", "reentrancy-in-flight-tasks",
                "Lessons/03-concurrent.md#awaiting-a-task (step 3, Concurrent)"
            ),
        ] as [([String], String, String, String)])
    func lessonLink(listed: [String], lesson: String, exerciseID: String, expected: String) throws {
        let current = try #require(course.exercise(id: exerciseID))
        #expect(LessonLink.choose(for: explanation(lesson: lesson, exercises: listed), exercise: current, in: course) == expected)
    }

    @Test("The exercise the learner is on is marked current in the list even once it passed")
    func currentPassed() {
        var progress = LearnerProgress(current: "actor-for-shared-state")
        progress.exercises["async-let"] = ExerciseProgress(status: .passed)
        progress.exercises["actor-for-shared-state"] = ExerciseProgress(status: .passed)
        let lines = JourneyRenderer(palette: .plain).render(course: course, progress: progress).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  ▶ actor-for-shared-state") && $0.hasSuffix("✔ passed") })
        #expect(lines.contains { $0.hasPrefix("  ✔ async-let") })
        #expect(lines.contains { $0.hasPrefix("  · reentrancy-in-flight-tasks") })
        // Without a current exercise, the first unfinished one is current.
        progress.current = nil
        let fresh = JourneyRenderer(palette: .plain).render(course: course, progress: progress)
        #expect(fresh.contains("  ▶ reentrancy-in-flight-tasks"))
        #expect(!fresh.split(separator: "\n").contains { $0.hasPrefix("  ") && $0.hasSuffix("✔ passed") })
    }
}

@Suite("After-pass notes that are true for every passing answer")
struct AfterNoteReviewTests {
    static let shipped = ["final class Feed {\n    // TODO: count in a `Counter` of its own.\n    var photos: [String] = []\n}\n"]
    static let solution = ["actor Feed { var photos: [String] = [] }\nstruct Counter {}\nstruct FeedSnapshot: Sendable {}\n"]

    @Test(
        arguments: [
            ("The trap to avoid: a shared counter.", []),
            ("The trap avoided: a shared counter.", ["says \"trap avoided\""]),
            ("You avoided the shared counter.", ["says \"you avoided\""]),
            // `Counter` is named by the shipped TODO: the learner's code has it too.
            ("Your `Counter` keeps the count.", []),
            ("Your `FeedSnapshot` crosses safely.", ["names `FeedSnapshot`, a type only the reference solution declares"]),
            ("The reference solution's `FeedSnapshot` crosses safely.", []),
        ] as [(String, [String])])
    func review(note: String, expected: [String]) {
        let found = AfterNoteReview.problems(in: note, solution: Self.solution, shipped: Self.shipped)
        #expect(found.count == expected.count)
        for (problem, words) in zip(found, expected) {
            #expect(problem.contains(words))
        }
    }

    @Test("Types are found in code, not in comments or strings")
    func declaredTypes() {
        #expect(AfterNoteReview.declaredTypes("// a class runs\nlet s = \"struct Nope\"\nenum Mode { case a }\nactor Store {}\n") == ["Mode", "Store"])
    }
}
