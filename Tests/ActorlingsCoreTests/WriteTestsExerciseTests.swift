import Testing

@testable import ActorlingsCore

/// A one-exercise course whose exercise asks for tests, held in memory; each test breaks one thing.
private func writeTestsCourse() -> [String: String] {
    [
        "Exercises/course.toml": """
        format = 1
        title = "Test course"
        version = "1.0.0"
        minimum-swift = "6.2"
        forbid = []

        [[step]]
        number = 0
        id = "basics"
        title = "Basics"
        exercises = ["clamping"]
        """,
        "Lessons/00-basics.md": "# Basics\n\n## Clamping\n\n## Exercises\n\n- `clamping`\n",
        "Exercises/00-basics/clamping/exercise.toml": """
        title = "Clamping"
        section = "clamping"
        kind = "write-tests"
        files = ["ClampTests.swift"]
        protected = ["Clamp.swift"]

        [[mutant]]
        name = "ignores-the-ceiling"
        description = "lets a value above the range through"

        [[mutant]]
        name = "floor-off-by-one"
        description = "raises a value below the range one too far"

        [settings]
        swift-version = 6

        [expect]
        tests = ["mutant: ignores-the-ceiling"]
        """,
        "Lessons/Hints/00-basics/clamping.toml": "format = 1\nladder = [\"Try the edges.\"]\nafter = \"Edges.\"\n",
        "Exercises/00-basics/clamping/Sources/Clamp.swift": "func clamp(_ x: Int) -> Int { x }\n",
        "Exercises/00-basics/clamping/Tests/ClampTests.swift": "import Testing\n",
        "Exercises/00-basics/clamping/Tests/Helpers.swift": "import Testing\n",
        "Exercises/.mutants/clamping/ignores-the-ceiling/Clamp.swift": "func clamp(_ x: Int) -> Int { x }\n",
        "Exercises/.mutants/clamping/floor-off-by-one/Clamp.swift": "func clamp(_ x: Int) -> Int { x }\n",
        "Solutions/00-basics/clamping/ClampTests.swift": "import Testing\n",
    ]
}

private let definition = "Exercises/00-basics/clamping/exercise.toml"

private func problems(_ files: [String: String]) -> [CourseProblem] {
    do {
        _ = try CourseLoader(files: InMemoryCourseFiles(files)).load()
        return []
    } catch let error as CourseLoadError {
        return error.problems
    } catch {
        return [CourseProblem(file: "?", message: "\(error)")]
    }
}

@Suite("Exercises that ask for tests")
struct WriteTestsExerciseTests {
    @Test("A write-tests exercise loads: the learner's files are tests, the mutants are protected")
    func loads() throws {
        let course = try CourseLoader(files: InMemoryCourseFiles(writeTestsCourse())).load()
        let exercise = try #require(course.exercise(id: "clamping"))
        #expect(exercise.kind == .writeTests)
        #expect(exercise.learnerDirectory == "Exercises/00-basics/clamping/Tests")
        #expect(exercise.sourcePaths == ["Exercises/00-basics/clamping/Tests/ClampTests.swift"])
        #expect(exercise.testPaths == ["Exercises/00-basics/clamping/Tests/Helpers.swift"])
        #expect(exercise.protectedPaths == ["Exercises/00-basics/clamping/Sources/Clamp.swift"])
        #expect(exercise.mutants.map(\.resultName) == ["mutant: ignores-the-ceiling", "mutant: floor-off-by-one"])
        #expect(
            exercise.mutantPaths == [
                "Exercises/.mutants/clamping/ignores-the-ceiling/Clamp.swift", "Exercises/.mutants/clamping/floor-off-by-one/Clamp.swift",
            ])
    }

    @Test("An exercise without `kind` is one where the learner fixes the code")
    func fixCodeByDefault() throws {
        var files = writeTestsCourse()
        files[definition] = files[definition]!.replacingOccurrences(of: "kind = \"write-tests\"\n", with: "")
        let found = problems(files)
        #expect(found.contains { $0.key == "mutant" && $0.message.contains("only an exercise with `kind = \"write-tests\"` has mutants") })
    }

    @Test(
        "A broken write-tests exercise is explained with the file, the key and what to do",
        arguments: [
            ("kind = \"write-tests\"", "kind = \"write-test\"", "kind", "must be \"fix-code\" (the default) or \"write-tests\", found \"write-test\""),
            ("files = [\"ClampTests.swift\"]", "files = [\"Clamp.swift\"]", "files", "'Clamp.swift' is not in Exercises/00-basics/clamping/Tests/"),
            ("protected = [\"Clamp.swift\"]", "protected = []", "protected", "Sources/Clamp.swift is not listed; in a write-tests exercise"),
            ("name = \"floor-off-by-one\"", "name = \"Floor\"", "mutant.name", "'Floor' is not kebab-case"),
            ("name = \"floor-off-by-one\"", "name = \"ignores-the-ceiling\"", "mutant.name", "'ignores-the-ceiling' names two mutants"),
            ("description = \"lets a value above the range through\"\n", "", "mutant.description", "missing"),
        ])
    func broken(original: String, replacement: String, key: String, message: String) {
        var files = writeTestsCourse()
        files[definition] = files[definition]!.replacingOccurrences(of: original, with: replacement)
        let found = problems(files)
        #expect(found.contains { $0.file == definition && $0.key == key && $0.message.contains(message) }, "\(found)")
    }

    @Test("Each mutant is a complete copy of the protected files, and nothing else")
    func mutantFolders() {
        var files = writeTestsCourse()
        files["Exercises/.mutants/clamping/floor-off-by-one/Clamp.swift"] = nil
        files["Exercises/.mutants/clamping/floor-off-by-one/Extra.swift"] = "let x = 1\n"
        let found = problems(files)
        #expect(
            found.contains {
                $0.file == definition && $0.key == "mutant"
                    && $0.message.contains("mutant 'floor-off-by-one' has no Exercises/.mutants/clamping/floor-off-by-one/Clamp.swift")
            }, "\(found)")
        #expect(found.contains { $0.file == "Exercises/.mutants/clamping/floor-off-by-one/Extra.swift" && $0.message.contains("never be compiled") })
    }

    @Test("A write-tests exercise needs at least one mutant")
    func needsMutants() {
        var files = writeTestsCourse()
        let text = files[definition]!
        let start = text.range(of: "[[mutant]]")!.lowerBound
        let end = text.range(of: "[settings]")!.lowerBound
        files[definition] = text.replacingCharacters(in: start..<end, with: "")
        #expect(problems(files).contains { $0.key == "mutant" && $0.message.contains("needs at least one [[mutant]]") })
    }

    @Test(
        "A `[[when]]` hint may name a missed mutant as the verdict does, and only a mutant the exercise has",
        arguments: [
            ("tests = [\"mutant: floor-off-by-one\"]", nil),
            ("tests = [\"mutant: ignores-the-ceiling\", \"mutant: floor-off-by-one\"]", nil),
            ("tests = [\"mutant: floor-off-by-one\"]\noutcome = \"tests-failed\"", nil),
            (
                "tests = [\"mutant: floor-by-one\"]",
                "no mutant of the exercise is named 'floor-by-one'; its mutants are 'mutant: ignores-the-ceiling', 'mutant: floor-off-by-one'"
            ),
            ("tests = [\"floor-off-by-one\"]", "no test file of the exercise declares 'floor-off-by-one'"),
        ] as [(String, String?)])
    func whenNamesAMutant(condition: String, problem: String?) throws {
        var files = writeTestsCourse()
        files["Lessons/Hints/00-basics/clamping.toml"]! += "\n[[when]]\n\(condition)\nhint = \"Try a value below the floor.\"\n"
        let found = problems(files)
        if let problem {
            #expect(
                found.contains { $0.file == "Lessons/Hints/00-basics/clamping.toml" && $0.key == "when #1.tests" && $0.message.contains(problem) },
                "\(found)")
        } else {
            #expect(found.isEmpty, "\(found)")
            let exercise = try #require(try CourseLoader(files: InMemoryCourseFiles(files)).load().exercise(id: "clamping"))
            #expect(exercise.verdictHints.map(\.text) == ["Try a value below the floor."])
        }
    }

    @Test("A fix-code exercise has no mutants for a `[[when]]` hint to name")
    func whenNamesAMutantOfAFixCodeExercise() {
        var files = writeTestsCourse()
        files["Lessons/Hints/00-basics/clamping.toml"]! += "\n[[when]]\ntests = [\"mutant: x\"]\nhint = \"h\"\n"
        files[definition] = files[definition]!.replacingOccurrences(of: "kind = \"write-tests\"\n", with: "")
        #expect(problems(files).contains { $0.key == "when #1.tests" && $0.message.contains("this exercise has no mutants") })
    }

    @Test(
        "A hint written for a missed mutant is chosen by the verdict that misses it, and says what the broken copy does",
        arguments: [
            (["ignores-the-ceiling"], [0]),
            (["floor-off-by-one"], [1]),
            (["ignores-the-ceiling", "floor-off-by-one"], [0, 1]),
            ([], []),
        ])
    func hintForAMissedMutant(missed: [String], expected: [Int]) throws {
        var exercise = try #require(try CourseLoader(files: InMemoryCourseFiles(writeTestsCourse())).load().exercise(id: "clamping"))
        exercise.verdictHints = [
            VerdictHint(tests: ["mutant: ignores-the-ceiling"], text: "Try a value above the ceiling."),
            VerdictHint(tests: ["mutant: floor-off-by-one"], text: "Try the value just below the floor."),
        ]
        let outcome: Outcome =
            missed.isEmpty
            ? .passed(testCount: 2) : .testsFailed(WrittenTestsReport.missed(exercise.mutants.filter { missed.contains($0.name) }))
        let facts = VerdictFacts(Verdict(exerciseID: exercise.id, outcome: outcome, duration: .zero))
        let selection = HintChooser.current(for: exercise, facts: facts, ladderShown: 0)
        #expect(selection.matches.map(\.index) == expected)
        let text = HintRenderer(palette: .plain).render(selection, exercise: exercise)
        for mutant in exercise.mutants {
            #expect(
                text.contains("your tests pass against a broken implementation, one that \(mutant.description):") == missed.contains(mutant.name))
        }
    }

    @Test("Missed mutants and tests that fail for working code are reported in words the learner reads")
    func rendered() throws {
        let exercise = try #require(try CourseLoader(files: InMemoryCourseFiles(writeTestsCourse())).load().exercise(id: "clamping"))
        let missed = WrittenTestsReport.missed(exercise.mutants)
        let failing = WrittenTestsReport.failingAgainstCorrectCode(
            .testsFailed(
                TestRunReport(results: [
                    TestResult(name: "keepsAValueInside()", status: .passed),
                    TestResult(
                        name: "raisesAValueBelow()", status: .failed,
                        issues: [
                            TestIssue(
                                message: "Expectation failed: (clamp(-3) → 1) == 2", file: "Exercises/00-basics/clamping/Tests/ClampTests.swift", line: 9)
                        ]),
                ])))
        let renderer = VerdictRenderer(palette: .plain) { _ in nil }
        func render(_ outcome: Outcome) -> String {
            renderer.render(Verdict(exerciseID: exercise.id, outcome: outcome, duration: .milliseconds(900)), exercise: exercise, next: nil)
        }
        try goldenFiles.check(render(.testsFailed(missed)) + "\n---\n" + render(failing), named: "verdict-written-tests.txt")
    }
}
