import Testing

@testable import ActorlingsCore

private let solutions = "Solutions/03-concurrent/async-let"

private let exercise = Exercise(
    id: "async-let", title: "async let", stepNumber: 3, section: "async-let", files: ["Loader.swift"],
    testFiles: ["LoaderTests.swift"], settings: CompilerSettings(), expectedFailure: .tests(["loadsBoth()"]),
    forbidden: ["unchecked-sendable", "task-detached"], hints: ["one", "two"],
    afterPass: "The trap avoided: tasks awaited one by one.", timeLimit: .seconds(10), points: 1,
    directory: "Exercises/03-concurrent/async-let", solutionDirectory: solutions)

private let corpusText = """
    format = 1

    [[wrong]]
    name = "tasks-awaited-one-by-one"
    trap = "Each request wrapped in Task { } and awaited in turn."
    rejected-by = "tests"
    tests = ["theRequestsAreChildTasks()"]
    says = "child task"
    after-pass = true

    [[wrong]]
    name = "detached"
    trap = "Task.detached for each request."
    rejected-by = "construct"
    construct = "task-detached"
    says = "loses context"

    [[wrong]]
    name = "sendable-fix-it"
    trap = "The compiler's fix-it applied blindly."
    rejected-by = "compile"
    diagnostic = "SendingRisksDataRace"
    says = "risks causing data races"

    [[also-correct]]
    name = "task-group"
    why = "A task group is structured too."
    """

/// A valid corpus; each test breaks one thing.
private func corpusFiles() -> [String: String] {
    [
        "\(solutions)/corpus.toml": corpusText,
        "\(solutions)/Loader.swift": "",
        "\(solutions)/wrong/tasks-awaited-one-by-one/Loader.swift": "",
        "\(solutions)/wrong/detached/Loader.swift": "",
        "\(solutions)/wrong/sendable-fix-it/Loader.swift": "",
        "\(solutions)/also-correct/task-group/Loader.swift": "",
        "Exercises/03-concurrent/async-let/Tests/LoaderTests.swift": """
        import Testing
        @Test func theRequestsAreChildTasks() async {}
        @Test("loads both at once") func loadsBoth() async {}
        // func commentedOut() {}
        """,
    ]
}

private let constructs: Set<String> = ["unchecked-sendable", "task-detached", "dispatch-queue"]

private func load(_ files: [String: String]) throws(CourseLoadError) -> Corpus {
    try CorpusLoader(files: InMemoryCourseFiles(files), exercise: exercise, constructIDs: constructs).load()
}

private func problems(_ files: [String: String]) -> [CourseProblem] {
    do {
        _ = try load(files)
        return []
    } catch {
        return error.problems
    }
}

@Suite("Loading an exercise's wrong-fix corpus")
struct CorpusLoaderTests {
    @Test("A valid corpus loads every entry with its folder and line")
    func valid() throws {
        let corpus = try load(corpusFiles())
        #expect(corpus.exists)
        #expect(corpus.file == "\(solutions)/corpus.toml")
        #expect(
            corpus.wrongFixes == [
                WrongFix(
                    name: "tasks-awaited-one-by-one", trap: "Each request wrapped in Task { } and awaited in turn.",
                    rejection: .tests(["theRequestsAreChildTasks()"]), says: "child task", afterPass: true,
                    directory: "\(solutions)/wrong/tasks-awaited-one-by-one", line: 3),
                WrongFix(
                    name: "detached", trap: "Task.detached for each request.", rejection: .construct("task-detached"),
                    says: "loses context", directory: "\(solutions)/wrong/detached", line: 11),
                WrongFix(
                    name: "sendable-fix-it", trap: "The compiler's fix-it applied blindly.", rejection: .compile("SendingRisksDataRace"),
                    says: "risks causing data races", directory: "\(solutions)/wrong/sendable-fix-it", line: 18),
            ])
        #expect(
            corpus.alsoCorrect == [
                AlsoCorrectAnswer(name: "task-group", why: "A task group is structured too.", directory: "\(solutions)/also-correct/task-group", line: 25)
            ])
        #expect(corpus.problems(for: exercise).isEmpty)
    }

    @Test("No corpus.toml is an empty corpus, and a learner's checkout without Solutions/ is fine")
    func missing() throws {
        let corpus = try load(["Exercises/03-concurrent/async-let/Tests/LoaderTests.swift": "import Testing\n"])
        #expect(!corpus.exists)
        #expect(corpus.wrongFixes.isEmpty && corpus.alsoCorrect.isEmpty)
        #expect(corpus.problems(for: exercise).isEmpty, "the trap rule applies once the exercise has a corpus")
    }

    @Test("Entry folders without a corpus.toml are reported")
    func foldersWithoutFile() {
        var files = corpusFiles()
        files["\(solutions)/corpus.toml"] = nil
        let found = problems(files)
        #expect(found.map(\.file) == ["\(solutions)/wrong", "\(solutions)/also-correct"])
        #expect(found.allSatisfy { $0.message.contains("there is no corpus.toml") })
    }

    @Test(
        "Bad entries are reported with the file, line and key",
        arguments: [
            ("says = \"loses context\"", "says = \"loses context\"\nsaid = \"x\"", 17, "wrong.said", "unknown key; did you mean 'says'?"),
            ("name = \"detached\"\n", "", 11, "wrong.name", "missing; add `name = …`"),
            ("trap = \"Task.detached for each request.\"\n", "", 11, "wrong.trap", "missing; add `trap = …`"),
            ("says = \"loses context\"", "", 11, "wrong.says", "missing; add `says = …`"),
            ("rejected-by = \"construct\"\n", "", 11, "wrong.rejected-by", "missing; add `rejected-by = …`"),
            ("rejected-by = \"construct\"", "rejected-by = \"constructs\"", 14, "wrong.rejected-by", "did you mean 'construct'?"),
            ("rejected-by = \"construct\"", "rejected-by = \"tests\"", 15, "wrong.construct", "only applies with rejected-by = \"construct\""),
            ("construct = \"task-detached\"", "construct = \"task-detach\"", 15, "wrong.construct", "did you mean 'task-detached'?"),
            ("construct = \"task-detached\"", "construct = \"dispatch-queue\"", 15, "wrong.construct", "the exercise does not forbid 'dispatch-queue'"),
            ("tests = [\"theRequestsAreChildTasks()\"]", "tests = [\"commentedOut()\"]", 7, "wrong.tests", "no test named 'commentedOut()'"),
            ("tests = [\"theRequestsAreChildTasks()\"]", "", 6, "wrong.rejected-by", "rejected-by = \"tests\" needs `tests = …`"),
            ("diagnostic = \"SendingRisksDataRace\"", "diagnostic = \"#SendingRisksDataRace\"", 22, "wrong.diagnostic", "without '#'"),
            ("name = \"detached\"", "name = \"Detached_Fix\"", 12, "wrong.name", "is not kebab-case"),
            ("name = \"detached\"", "name = \"tasks-awaited-one-by-one\"", 12, "wrong.name", "already the name of the entry at line 4"),
            ("after-pass = true", "after-pass = \"yes\"", 9, "wrong.after-pass", "expected true or false, found string"),
            ("why = \"A task group is structured too.\"", "", 25, "also-correct.why", "missing; add `why = …`"),
            ("format = 1", "format = 2", 1, "format", "understands corpus format 1, found 2; update Actorlings"),
            ("format = 1", "format = 1\nversion = 1", 2, "version", "unknown key"),
        ])
    func badEntries(original: String, replacement: String, line: Int, key: String, message: String) {
        var files = corpusFiles()
        let text = corpusText.replacingOccurrences(of: original, with: replacement)
        files["\(solutions)/corpus.toml"] = text
        // A renamed entry's folder follows its name, so only the problem under test is reported.
        if original.hasPrefix("name = \"detached\"") {
            files["\(solutions)/wrong/detached/Loader.swift"] = nil
            if let renamed = replacement.split(separator: "\"").dropFirst().first {
                files["\(solutions)/wrong/\(renamed)/Loader.swift"] = ""
            }
        }
        let found = problems(files)
        #expect(found.contains { $0.line == line && $0.key == key && $0.message.contains(message) }, "\(found)")
        #expect(found.allSatisfy { $0.file == "\(solutions)/corpus.toml" }, "\(found)")
    }

    @Test("One bad entry does not stop the others from being checked; duplicates are checked by neither")
    func validEntries() {
        var files = corpusFiles()
        files["\(solutions)/corpus.toml"] =
            corpusText
            .replacingOccurrences(of: "construct = \"task-detached\"", with: "construct = \"unsafe-continuation\"")
            .replacingOccurrences(of: "name = \"sendable-fix-it\"", with: "name = \"tasks-awaited-one-by-one\"")
        files["\(solutions)/wrong/sendable-fix-it/Loader.swift"] = nil
        let (corpus, found) = CorpusLoader(files: InMemoryCourseFiles(files), exercise: exercise, constructIDs: constructs).loadValidEntries()
        #expect(corpus.wrongFixes.isEmpty)
        #expect(corpus.alsoCorrect.map(\.name) == ["task-group"])
        #expect(found.map(\.key) == ["wrong.construct", "wrong.name"], "\(found)")
    }

    @Test("A test named by its display name counts as declared")
    func displayName() throws {
        var files = corpusFiles()
        files["\(solutions)/corpus.toml"] = corpusText.replacingOccurrences(
            of: "tests = [\"theRequestsAreChildTasks()\"]", with: "tests = [\"loads both at once\", \"loadsBoth()\"]")
        let corpus = try load(files)
        #expect(corpus.wrongFixes.first?.rejection == .tests(["loads both at once", "loadsBoth()"]))
    }

    @Test("A missing copy of a learner file, a stray file and an undeclared folder are reported")
    func entryFiles() {
        var files = corpusFiles()
        files["\(solutions)/wrong/detached/Loader.swift"] = nil
        files["\(solutions)/wrong/detached/Other.swift"] = ""
        files["\(solutions)/wrong/forgotten/Loader.swift"] = ""
        let found = problems(files).map(\.description)
        #expect(
            found.contains(
                "\(solutions)/corpus.toml:11: \(solutions)/wrong/detached/Loader.swift is missing; an entry holds a complete copy of every file in the exercise's `files`"
            ), "\(found)")
        #expect(found.contains { $0.hasPrefix("\(solutions)/wrong/detached/Other.swift: is not one of the exercise's `files`") }, "\(found)")
        #expect(found.contains("\(solutions)/wrong/forgotten: has no [[wrong]] entry with name = \"forgotten\" in corpus.toml"), "\(found)")
    }

    @Test("An after note that names a trap needs an after-pass entry, once there is a corpus")
    func trapAvoided() throws {
        var files = corpusFiles()
        files["\(solutions)/corpus.toml"] = corpusText.replacingOccurrences(of: "after-pass = true", with: "")
        let corpus = try load(files)
        let found = corpus.problems(for: exercise)
        #expect(found.count == 1)
        #expect(found.first?.message.contains("`after` note names a trap, but no [[wrong]] entry has `after-pass = true`") == true)
        var calm = exercise
        calm.afterPass = "Structured concurrency keeps children in scope."
        #expect(corpus.problems(for: calm).isEmpty)
    }
}
