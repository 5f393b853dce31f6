import Testing

@testable import ActorlingsCore

@Suite("What a mutant's check means")
struct MutantFateTests {
    private static let failing = Outcome.testsFailed(
        TestRunReport(results: [TestResult(name: "takesOne()", status: .failed, issues: [TestIssue(message: "two requests over a quota of one")])]))
    private static let hang = Outcome.timedOut(limit: .seconds(10), running: ["takesOne()"], output: [])
    private static let compilerHang = Outcome.timedOut(limit: .seconds(180), running: Outcome.compilerRunning, output: [])
    private static let warning = Outcome.compileFailed([
        Diagnostic(severity: .warning, file: "A.swift", line: 3, message: "no 'async' operations occur within 'await' expression")
    ])

    @Test(
        "Killed only by a failing test, a crash, an incomplete run or a forbidden construct; a hang is not a kill; a compile failure is stillborn",
        arguments: [
            (failing, "killed"), (Outcome.crashed(signal: 5, exitCode: nil, output: []), "killed"),
            (Outcome.incompleteRun(IncompleteRun()), "killed"), (hang, "hung"), (compilerHang, "stillborn"), (warning, "stillborn"),
            (Outcome.passed(testCount: 3), "survived"),
        ])
    func fate(_ outcome: Outcome, _ expected: String) {
        let fate = MutantFate(outcome)
        let kind: String
        switch fate {
        case .killed: kind = "killed"
        case .survived: kind = "survived"
        case .hung: kind = "hung"
        case .stillborn: kind = "stillborn"
        }
        #expect(kind == expected)
    }

    private static func mutant(_ mutation: MutationOperator, line: Int, file: String = "Quota.swift") -> GeneratedMutant {
        GeneratedMutant(
            mutation: mutation, file: file, line: line, description: "does \(mutation.rawValue)", text: "", id: "\(mutation.rawValue)@\(file):\(line)")
    }

    @Test("The score leaves out stillborn and declared-equivalent mutants, and counts a hang against the tests")
    func score() {
        let result = MutationResult(
            exerciseID: "quota",
            results: [
                .init(mutant: Self.mutant(.splitCriticalSection, line: 4), fate: .killed(by: "tests")),
                .init(mutant: Self.mutant(.dropConcurrent, line: 9), fate: .survived),
                .init(mutant: Self.mutant(.removeCancel, line: 12), fate: .hung(running: ["x()"])),
                .init(mutant: Self.mutant(.swallowError, line: 15), fate: .stillborn("error: …")),
                .init(mutant: Self.mutant(.remapError, line: 20), fate: .survived),
            ],
            solutionDirectory: "Solutions/04-actors/quota", corpusFile: "Solutions/04-actors/quota/corpus.toml",
            equivalents: [EquivalentMutant(mutation: .remapError, file: "Quota.swift", line: 20, why: "only cancellation reaches the catch")])
        let tally = result.tally
        #expect([tally.generated, tally.killed, tally.survived, tally.hung, tally.stillborn, tally.equivalent] == [5, 1, 1, 1, 1, 1])
        #expect(tally.score == 1.0 / 3.0)
        #expect(tally.summary == "1/3 killed (33%), 1 stillborn, 1 equivalent, 1 survived, 1 hung")
        let problems = result.problems.map(\.description)
        #expect(problems.count == 2)
        #expect(problems[0].hasPrefix("Solutions/04-actors/quota/Quota.swift:9: mutant drop-concurrent@Quota.swift:9 survived: it does drop-concurrent."))
        #expect(problems[1].contains("the tests hang on mutant remove-cancel@Quota.swift:12 (running: x()), which is not a kill"))
    }

    @Test(
        "A declaration that matches no mutant, or one the check kills, is reported",
        arguments: [
            (MutationOperator.dropConcurrent, 10, "no drop-concurrent mutant at Quota.swift:10"), (.splitCriticalSection, 4, "but the check rejects it"),
        ])
    func staleDeclarations(_ mutation: MutationOperator, _ line: Int, _ message: String) {
        let result = MutationResult(
            exerciseID: "quota", results: [.init(mutant: Self.mutant(.splitCriticalSection, line: 4), fate: .killed(by: "tests"))],
            solutionDirectory: "S", corpusFile: "S/corpus.toml",
            equivalents: [EquivalentMutant(mutation: mutation, file: "Quota.swift", line: line, why: "w", declaredAt: 7)])
        #expect(result.problems.map(\.description) == result.problems.filter { $0.file == "S/corpus.toml" && $0.line == 7 }.map(\.description))
        #expect(result.problems.contains { $0.message.contains(message) })
    }

    @Test(
        "Write-tests: a mutant is caught by a failing test, a crash or an incomplete run; a hang is reported, not caught",
        arguments: [
            (failing, WrittenTestsReport.MutantCheck.caught), (Outcome.crashed(signal: 11, exitCode: nil, output: []), .caught),
            (Outcome.incompleteRun(IncompleteRun()), .caught), (hang, .hung(running: ["takesOne()"])), (Outcome.passed(testCount: 2), .missed),
            (compilerHang, .notRun), (warning, .notRun),
        ])
    func writtenTestsJudge(_ outcome: Outcome, _ expected: WrittenTestsReport.MutantCheck) {
        #expect(WrittenTestsReport.judge(outcome) == expected)
    }

    @Test("Write-tests: a hung mutant is a failed result named after it, saying the tests hang on it and what it breaks")
    func hungMutantResult() {
        let mutant = Exercise.Mutant(name: "ignores-the-ceiling", description: "lets a value above the range through")
        let report = WrittenTestsReport.missed([.hung(mutant, running: ["lowersAValueAbove()"])])
        #expect(report.failures.map(\.name) == ["mutant: ignores-the-ceiling"])
        #expect(
            report.failures.first?.issues.first?.message.hasPrefix(
                "Your tests hang on this mutant (lowersAValueAbove() never finished): a broken implementation, one that lets a value above the range through. A hang is not a catch"
            ) == true)
    }
}

@Suite("Declaring equivalent mutants in the corpus")
struct EquivalentMutantLoadingTests {
    private static let solutions = "Solutions/04-actors/quota"

    private static func exercise(files: [String]) -> Exercise {
        Exercise(
            id: "quota", title: "Quota", stepNumber: 4, section: "quota", files: files, testFiles: ["QuotaTests.swift"], settings: CompilerSettings(),
            expectedFailure: .tests(["takesOne()"]), forbidden: [], hints: ["one", "two"], afterPass: "", timeLimit: .seconds(10), points: 1,
            directory: "Exercises/04-actors/quota", solutionDirectory: solutions)
    }

    private static func load(_ entry: String, files: [String] = ["Quota.swift"]) -> (Corpus, [String]) {
        let text = "format = 1\n\n[[equivalent-mutant]]\n" + entry
        let (corpus, problems) = CorpusLoader(
            files: InMemoryCourseFiles(["\(solutions)/corpus.toml": text, "Exercises/04-actors/quota/Tests/QuotaTests.swift": "@Test func takesOne() {}"]),
            exercise: exercise(files: files), constructIDs: []
        ).loadValidEntries()
        return (corpus, problems.map(\.description))
    }

    @Test("An entry names the operator, the line and why; the file may be left out when the exercise has one")
    func valid() {
        let (corpus, problems) = Self.load("operator = \"drop-concurrent\"\nline = 12\nwhy = \"The caller is nonisolated too.\"\n")
        #expect(problems.isEmpty)
        #expect(
            corpus.equivalentMutants == [
                EquivalentMutant(mutation: .dropConcurrent, file: "Quota.swift", line: 12, why: "The caller is nonisolated too.", declaredAt: 3)
            ])
    }

    @Test(
        "A bad entry is reported with its file, line and key",
        arguments: [
            ("operator = \"drop-concurent\"\nline = 1\nwhy = \"w\"\n", ["Quota.swift"], "did you mean 'drop-concurrent'?"),
            (
                "operator = \"drop-concurrent\"\nline = 0\nwhy = \"w\"\n", ["Quota.swift"],
                "'equivalent-mutant.line': a line of the reference solution counts from 1"
            ),
            ("operator = \"drop-concurrent\"\nline = 3\n", ["Quota.swift"], "'equivalent-mutant.why': missing"),
            ("operator = \"drop-concurrent\"\nline = 3\nwhy = \"w\"\n", ["Quota.swift", "Desk.swift"], "'equivalent-mutant.file': missing"),
            (
                "operator = \"drop-concurrent\"\nline = 3\nwhy = \"w\"\nfile = \"Other.swift\"\n", ["Quota.swift"],
                "'Other.swift' is not one of the exercise's `files`"
            ),
            ("operator = \"drop-concurrent\"\nline = 3\nwhy = \"w\"\nsince = 2\n", ["Quota.swift"], "since"),
        ])
    func invalid(_ entry: String, _ files: [String], _ message: String) {
        let (corpus, problems) = Self.load(entry, files: files)
        #expect(corpus.equivalentMutants.isEmpty)
        #expect(problems.contains { $0.hasPrefix("\(Self.solutions)/corpus.toml:") && $0.contains(message) }, "\(problems)")
    }
}
