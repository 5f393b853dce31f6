import Testing

@testable import ActorlingsCore

/// Which release judges a submission, and what counts in it: the instructor's `--release` wins
/// over the submission's `course-ref`; the exercises and the pacing are the release's own.
@Suite("Choosing the release that judges a submission")
struct ReleaseChoiceTests {
    static func workflow(_ ref: String) -> String {
        "jobs:\n  grade:\n    uses: org/course/.github/workflows/actorlings-grade.yml@\(ref)\n    with:\n      course-ref: \(ref)\n"
    }

    @Test(
        "The named release wins; else the workflow's course-ref; else the checkout as it is",
        arguments: [
            ("v2", workflow("v1"), "v2", ReleaseChoice.Source.named),
            (nil, workflow("v1"), "v1", .claimed),
            ("v3", nil, "v3", .named),
        ] as [(String?, String?, String, ReleaseChoice.Source)])
    func chosen(named: String?, workflow: String?, ref: String, source: ReleaseChoice.Source) throws {
        let choice = try #require(ReleaseChoice.ref(named: named, workflow: workflow))
        #expect(choice.ref == ref && choice.source == source)
    }

    @Test(
        "No release: no workflow, the template's placeholder, or a ref that is not a plain name",
        arguments: [nil, workflow("COURSE-REF"), workflow("v1;rm"), workflow("../v1"), "name: no ref here\n"])
    func none(workflow: String?) {
        #expect(ReleaseChoice.ref(named: nil, workflow: workflow) == nil)
    }

    @Test("A missing release is named, with what to do", arguments: [ReleaseChoice.Source.named, .claimed])
    func missing(source: ReleaseChoice.Source) {
        let message = ReleaseChoice.missing("v9", source: source)
        #expect(message.contains("this checkout has no tag or commit v9"))
        #expect(message.contains("git fetch --tags"))
        #expect(message.contains(source == .named ? "--release v9:" : "--release REF"))
    }

    static func exercise(_ id: String, step: Int, points: Int) -> Exercise {
        Exercise(
            id: id, title: id, stepNumber: step, section: "s", files: [], testFiles: [], settings: CompilerSettings(),
            expectedFailure: .tests(["t"]), forbidden: [], hints: [], afterPass: "", timeLimit: .seconds(1), points: points, directory: "",
            solutionDirectory: "")
    }

    /// v1: a (step 0) and b (step 1); v2 adds c (step 1, 2 points); both paced to step 0.
    static func release(_ ids: [(String, Int, Int)]) -> Course {
        let exercises = ids.map { exercise($0.0, step: $0.1, points: $0.2) }
        var course = Course(
            format: 1, title: "C", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [],
            steps: [0, 1].map { number in Step(number: number, id: "s\(number)", title: "S", exercises: exercises.filter { $0.stepNumber == number }) })
        course.pacing = Pacing(until: 0, message: "later")
        return course
    }

    @Test(
        "What counts, and what opens later, come from the release",
        arguments: [
            ([("a", 0, 1), ("b", 1, 1)], [Int](), [String](), ["a"], ["b"]),
            ([("a", 0, 1), ("b", 1, 1), ("c", 1, 2)], [], [], ["a"], ["b", "c"]),
            ([("a", 0, 1), ("b", 1, 1)], [1], [], ["b"], []),
            ([("a", 0, 1), ("b", 1, 1)], [], ["a", "c"], ["a"], []),
            ([("a", 0, 1), ("b", 1, 1), ("c", 1, 2)], [], ["a", "c"], ["a", "c"], []),
        ] as [([(String, Int, Int)], [Int], [String], [String], [String])])
    func counted(ids: [(String, Int, Int)], steps: [Int], only: [String], counted: [String], closed: [String]) {
        let course = Self.release(ids)
        #expect(ReleaseChoice.counted(in: course, steps: steps, only: only).map(\.id) == counted)
        #expect((ReleaseChoice.closed(in: course, steps: steps, only: only) ?? []).map(\.id) == closed)
    }
}
