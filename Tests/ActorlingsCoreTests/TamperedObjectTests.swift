import ActorlingsCore
import Testing

/// A cached compiled object that was not the grader's, in each place a person reads about it:
/// the check's verdict, the grade report's flags, and the class summary's anomalies.
@Suite("Replaced compiled objects, as reported")
struct TamperedObjectTests {
    private static let exercise = Exercise(
        id: "failing-test", title: "Failing test", stepNumber: 0, section: "s", files: ["Code.swift"], testFiles: ["CodeTests.swift"],
        settings: CompilerSettings(), expectedFailure: .tests(["triples"]), forbidden: [], hints: [], afterPass: "",
        timeLimit: .seconds(10), points: 1, directory: "Exercises/00-basics/failing-test", solutionDirectory: "Solutions/00-basics/failing-test")

    private static let replaced = [
        TamperedObject(path: ".actorlings/build/entry-32e69a1af04112f0/object.o", evidence: .digestMismatch),
        TamperedObject(path: ".actorlings/build/failing-test/tests-a325fd8f0b6e00b2/object.o", evidence: .changedSinceRecorded),
    ]

    private static func verdict(_ tampered: [TamperedObject]) -> Verdict {
        Verdict(exerciseID: exercise.id, outcome: .passed(testCount: 2), duration: .milliseconds(300), tamperedObjects: tampered)
    }

    @Test("check says it in one line after the verdict, naming each object and why")
    func notice() {
        let text = VerdictRenderer(palette: .plain) { _ in nil }.render(Self.verdict(Self.replaced), exercise: Self.exercise, next: nil)
        let lines = text.split(separator: "\n").filter { $0.contains("compiled object") }.map(String.init)
        let expected =
            "⚠ A cached compiled object was not the one Actorlings compiled: "
            + ".actorlings/build/entry-32e69a1af04112f0/object.o (does not match the digest recorded next to it), "
            + ".actorlings/build/failing-test/tests-a325fd8f0b6e00b2/object.o (changed since it was compiled). "
            + "It was compiled again; this verdict did not use it."
        #expect(lines == [expected])
        let plain = VerdictRenderer(palette: .plain) { _ in nil }.render(Self.verdict([]), exercise: Self.exercise, next: nil)
        #expect(!plain.contains("compiled object"))
    }

    @Test("A grade flags the exercise cache-tampered, next to its other flags, without changing its points")
    func gradeFlag() {
        let graded = GradedExercise(exercise: Self.exercise, verdict: Self.verdict(Self.replaced), copiedSolution: true)
        #expect(graded.flags == ["copied-solution", "cache-tampered"])
        #expect(graded.status == .passed && graded.points == 1)
        #expect(GradedExercise(exercise: Self.exercise, verdict: Self.verdict([]), copiedSolution: false).flags == [])
    }

    @Test("The class summary names the exercises whose check met a replaced object")
    func classAnomaly() {
        let course = Course(format: 1, title: "C", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [], steps: [])
        let report = GradeReport(
            toolVersion: "1", toolchain: "6", course: course, student: .init(), generatedAt: "",
            exercises: [GradedExercise(exercise: Self.exercise, verdict: Self.verdict(Self.replaced), copiedSolution: false)])
        #expect(
            ClassSummary.anomalies(of: report) == [
                "a cached compiled object was replaced (compiled again, never linked) while checking: failing-test"
            ])
    }
}
