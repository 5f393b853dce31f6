import Testing

@testable import ActorlingsCore

@Suite("The order a grade starts its checks in")
struct GradingOrderTests {
    static func exercise(_ id: String, files: Int = 1, mutants: Int = 0, sanitizer: Bool = false) -> Exercise {
        var settings = CompilerSettings()
        settings.sanitizer = sanitizer ? .thread : nil
        var exercise = Exercise(
            id: id, title: id, stepNumber: 1, section: "s", files: (0..<files).map { "F\($0).swift" }, testFiles: ["T.swift"],
            settings: settings, expectedFailure: .tests(["t"]), forbidden: [], hints: [], afterPass: "",
            timeLimit: .seconds(10), points: 1, directory: "", solutionDirectory: "")
        if mutants > 0 {
            exercise.kind = .writeTests
            exercise.mutants = (0..<mutants).map { Exercise.Mutant(name: "m\($0)", description: "d") }
        }
        return exercise
    }

    @Test(
        "Dearest first: tests against mutants, then Thread Sanitizer, then more files; the course's order otherwise",
        arguments: [
            ([exercise("a"), exercise("b"), exercise("c")], ["a", "b", "c"]),
            ([exercise("a"), exercise("tests", mutants: 3), exercise("c")], ["tests", "a", "c"]),
            ([exercise("a"), exercise("tsan", sanitizer: true), exercise("tests", mutants: 4)], ["tests", "tsan", "a"]),
            ([exercise("one"), exercise("three", files: 3), exercise("two", files: 2)], ["three", "two", "one"]),
            ([exercise("tsan", sanitizer: true), exercise("tests", mutants: 2)], ["tsan", "tests"]),
            ([], []),
        ])
    func order(exercises: [Exercise], expected: [String]) {
        #expect(GradingOrder.startOrder(of: exercises).map { exercises[$0].id } == expected)
    }
}
