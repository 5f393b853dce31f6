import Testing

@testable import ActorlingsCore

/// A course whose steps hold these exercises; an id ending in `?` is a quiz.
private func course(_ steps: [[String]]) -> Course {
    let built = steps.enumerated().map { number, ids in
        Step(
            number: number, id: "step\(number)", title: "Step \(number)",
            exercises: ids.map { name in
                var exercise = Exercise(
                    id: name.hasSuffix("?") ? String(name.dropLast()) : name, title: name, stepNumber: number, section: "s",
                    files: ["A.swift"], testFiles: ["ATests.swift"], settings: CompilerSettings(),
                    expectedFailure: .tests(["a()"]), forbidden: [], hints: [], afterPass: "", timeLimit: .seconds(10),
                    points: 1, directory: "Exercises/0\(number)-step\(number)/\(name)", solutionDirectory: "Solutions")
                exercise.isQuiz = name.hasSuffix("?")
                return exercise
            })
    }
    return Course(format: 1, title: "T", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [], steps: built)
}

@Suite("Every step between the first and the last ends with a quiz")
struct QuizRuleTests {
    @Test(
        "Which steps are reported",
        arguments: [
            // The first step has nothing earlier to mix; the last (the capstone) mixes everything.
            ([["intro"], ["a", "b"], ["capstone"]], [1]),
            ([["intro"], ["a", "b?"], ["capstone"]], []),
            ([["intro"], ["a", "b?"], ["c?", "d"], ["e"], ["capstone"]], [2, 3]),
            ([["intro"], ["capstone"]], []),
            ([["intro"]], []),
            ([["intro?"], ["a?", "b?"], ["capstone"]], []),
        ] as [([[String]], [Int])])
    func reportedSteps(steps: [[String]], reported: [Int]) {
        let problems = QuizRule.problems(in: course(steps))
        #expect(problems.count == reported.count, "\(problems)")
        for (problem, number) in zip(problems, reported) {
            #expect(problem.message.hasPrefix("step \(number) "), "\(problem.message)")
        }
        #expect(problems.allSatisfy { $0.file == "Exercises/course.toml" && $0.key == "step.exercises" })
    }

    @Test(
        "The message names the step, its last exercise and what to do",
        arguments: [
            (
                ["a", "b"],
                "step 1 (Step 1) ends with `b`, which is not a quiz; add an exercise that mixes this step's idea with an earlier step's, "
                    + "mark it `quiz = true` in its exercise.toml, and list it last in the step's `exercises`"
            ),
            (["a?", "b"], "step 1 (Step 1) ends with `b`, which is not a quiz; move its quiz `a` to the end of the step's `exercises`"),
            ([], "step 1 (Step 1) has no exercise, so it cannot end with a quiz"),
        ])
    func message(middle: [String], expected: String) throws {
        let problem = try #require(QuizRule.problems(in: course([["intro"], middle, ["capstone"]])).first)
        #expect(problem.message.hasPrefix(expected), "\(problem.message)")
    }

    @Test("`list` names a quiz as a quiz, and only a quiz, and says in one line what a quiz asks")
    func listMarksReview() {
        let text = JourneyRenderer(palette: .plain).render(course: course([["intro"], ["a", "b?"], ["capstone"]]), progress: LearnerProgress())
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.contains(" b ") && $0.hasSuffix("b? · quiz") }, "\(text)")
        #expect(lines.filter { $0.hasSuffix("· quiz") }.count == 1, "\(text)")
        #expect(lines.filter { $0 == JourneyRenderer.quizLine }.count == 1, "\(text)")
    }
}
