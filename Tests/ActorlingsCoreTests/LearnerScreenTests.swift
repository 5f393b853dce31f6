import Testing

@testable import ActorlingsCore

/// The words and choices behind the learner's screen: long values cut to what differs, the
/// footer's keys, where "Next" goes, counts with their nouns.
@Suite("The learner's screen: values cut to what differs, keys, the path forward")
struct LearnerScreenTests {
    struct DifferenceCase: Sendable, CustomTestStringConvertible {
        var name: String
        var message: String
        var contains: [String]
        var excludes: [String]
        var testDescription: String { name }
    }

    static let squares = (0..<100).map { $0 * $0 }
    static func list(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ", ") + "]" }
    static func changing(_ values: [Int], _ changes: [Int: Int]) -> [Int] {
        values.enumerated().map { changes[$0.offset] ?? $0.element }
    }

    static let differenceCases: [DifferenceCase] = [
        DifferenceCase(
            name: "two 100-element arrays: the two differing elements, a neighbour each side, the rest counted",
            message: "Expectation failed: (squares() → \(list(changing(squares, [41: 1680, 91: 8280])))) == (expected → \(list(squares)))",
            contains: [
                "Expectation failed: squares() == expected", "100 elements each; 2 differ", "  ✘ [41] 1680 ≠ 1681", "    [40] 1600",
                "    [42] 1764", "  ✘ [91] 8280 ≠ 8281", "… and 94 equal elements not shown",
            ],
            excludes: ["9801", "[43]"]),
        DifferenceCase(
            name: "arrays of different lengths: the missing elements shown as none",
            message: "Expectation failed: (a → \(list(Array(squares.prefix(98))))) == (b → \(list(squares)))",
            contains: ["a has 98 elements, b 100", "  ✘ [98] (none) ≠ 9604", "  ✘ [99] (none) ≠ 9801", "[97] 9409"],
            excludes: ["[1] 1"]),
        DifferenceCase(
            name: "many differences: five listed, the others counted",
            message: "Expectation failed: (a → \(list(squares.map { $0 + 1 }))) == (b → \(list(squares)))",
            contains: ["100 differ", "  ✘ [4] 17 ≠ 16", "  ✘ [5] 26 ≠ 25", "… and 94 more differences"],
            excludes: ["[6]", "equal element"]),
        DifferenceCase(
            name: "two long strings: the stretch around the first difference",
            message: "Expectation failed: (text → \"\(String(repeating: "abc ", count: 40))X\") == (expected → \"\(String(repeating: "abc ", count: 40))Y\")",
            contains: ["they differ from character 162 on", "…abc abc abc abc abc X\"", "…abc abc abc abc abc Y\""],
            excludes: [String(repeating: "abc ", count: 10)]),
        DifferenceCase(
            name: "short values are left whole",
            message: "Expectation failed: (compute() → 41) == 42",
            contains: ["Expectation failed: (compute() → 41) == 42"],
            excludes: ["differ"]),
        DifferenceCase(
            name: "Swift Testing's own lines under the first are kept",
            message: "Expectation failed: (a → \(list(changing(squares, [3: 0])))) == (b → \(list(squares)))\ninserted [0], removed [9]",
            contains: ["  ✘ [3] 0 ≠ 9", "\ninserted [0], removed [9]"],
            excludes: []),
        DifferenceCase(
            name: "a message of another form is left alone",
            message: "Issue recorded: \(list(squares))",
            contains: ["Issue recorded: [0, 1, 4"],
            excludes: ["differ"]),
    ]

    @Test("Long compared values are cut to what differs", arguments: differenceCases)
    func difference(_ example: DifferenceCase) {
        let shortened = ValueDifference.shorten(example.message)
        for needle in example.contains { #expect(shortened.contains(needle), "\(needle) in\n\(shortened)") }
        for needle in example.excludes { #expect(!shortened.contains(needle), "\(needle) not in\n\(shortened)") }
    }

    @Test("The footer's keys fit the width, keep each key with its word, and show the diagnostics mode", arguments: [20, 40, 64, 80, 110])
    func footer(_ width: Int) {
        for all in [false, true] {
            let footer = WatchKeys.footer(allDiagnostics: all, width: width)
            let lines = footer.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= max(width, 22) }, "\(footer)")
            #expect(footer.contains(all ? "a diagnostics: all" : "a diagnostics: first 3"))
            for key in WatchKeys.all where key.letter != "a" { #expect(footer.contains("\(key.letter) \(key.short)")) }
        }
    }

    @Test("`help watch` lists every key of the footer, `a` and the way to skip among them")
    func helpListsEveryKey() {
        let help = HelpText.text(for: "watch")
        #expect(help.contains(WatchKeys.helpLines))
        for key in WatchKeys.all { #expect(help.contains("\n  \(key.letter)  ")) }
        #expect(help.contains("press n twice") && help.contains("to skip it"))
    }

    @Test("`help watch` in a narrow terminal is wrapped at words, each key continuing under what it means", arguments: [40, 64, 80])
    func helpWrapped(_ width: Int) {
        let help = HelpText.text(for: "watch")
        // As `help watch` writes it to a terminal of that width.
        let lines = WatchScreen(width: width, height: 1).wrap(HelpText.text(for: "watch", width: width), hanging: true)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width }, "\(lines.joined(separator: "\n"))")
        // Every word whole, in order: nothing broken across two lines.
        #expect(lines.flatMap { $0.split(separator: " ") } == help.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        // A key's line that wraps continues under its description, not under the key.
        let keyLine = lines.firstIndex { $0.hasPrefix("  a  switch") }
        let next = keyLine.map { lines[$0 + 1] }
        #expect(next.map { $0.hasPrefix("     ") && !$0.hasPrefix("      ") } == true, "\(next ?? "no line after a's")")
        // Laid out anew for the width, not 79-column lines broken again: no line but a
        // paragraph's last is much shorter than the width.
        let keyLines = WatchKeys.helpLines(width: width - 1).split(separator: "\n")
        for (line, following) in zip(keyLines, keyLines.dropFirst()) where following.hasPrefix("     ") {
            let room = width - 1 - line.count
            #expect(room < following.dropFirst(5).prefix { $0 != " " }.count + 1, "\(line) could hold more of \(following)")
        }
    }

    @Test(
        "A line's second column is where its description starts; prose has none",
        arguments: [
            ("  a  switch between", 5), ("  --all-diagnostics    show every", 23),
            ("plain prose, one space each", nil), ("  term  ", nil), ("", nil),
        ] as [(String, Int?)])
    func secondColumn(_ line: String, _ column: Int?) {
        #expect(WatchScreen.secondColumn(of: line) == column)
    }

    @Test(
        "The first failure of a verdict is its first failing test or diagnostic",
        arguments: [
            ("✘ x: 2 of 2 tests failed\n\n  \u{1B}[31m  ✘ \u{1B}[0mfirst()\n    detail\n  ✘ second()\n", 3),
            ("✘ x does not compile yet (1 error)\n\nerror: cannot find 'y' in scope\n", 3),
            ("💥 x crashed\n  Last output:\n", 1),
        ])
    func firstFailure(_ text: String, _ line: Int) {
        #expect(WatchKeys.firstFailureLine(in: text) == line)
    }

    @Test("A sanitized check says so and counts its seconds; any other just checks")
    func checkingLine() {
        #expect(WatchKeys.checkingLine(sanitized: false, elapsed: .seconds(5)) == "Checking…")
        #expect(WatchKeys.checkingLine(sanitized: true, elapsed: .milliseconds(7400)) == "Checking under Thread Sanitizer, which is slower: 7 s")
    }

    /// A five-exercise course: a b c | d e.
    static let course: Course = {
        let steps = [["a", "b", "c"], ["d", "e"]].enumerated().map { number, ids in
            Step(
                number: number, id: "step\(number)", title: "Step \(number)",
                exercises: ids.map { name in
                    Exercise(
                        id: name, title: name, stepNumber: number, section: "s", files: ["A.swift"], testFiles: ["ATests.swift"],
                        settings: CompilerSettings(), expectedFailure: .tests(["a()"]), forbidden: [], hints: [], afterPass: "",
                        timeLimit: .seconds(10), points: 1, directory: "Exercises/0\(number)-step\(number)/\(name)", solutionDirectory: "Solutions")
                })
        }
        return Course(format: 1, title: "T", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [], steps: steps)
    }()

    @Test(
        "Next is the next exercise not yet passed (or skipped), then an earlier one left unfinished",
        arguments: [
            ("a", ["b": .passed], "c"),
            ("a", ["b": .passed, "c": .skipped, "d": .passed], "e"),
            ("c", [:], "d"),
            ("e", ["a": .passed, "b": .passed], "c"),
            ("e", ["a": .passed, "b": .passed, "c": .passed, "d": .passed], nil),
            ("d", ["a": .failing, "b": .passed, "c": .passed, "e": .passed], "a"),
        ] as [(String, [String: ExerciseProgress.Status], String?)])
    func next(_ from: String, _ states: [String: ExerciseProgress.Status], _ expected: String?) {
        var progress = LearnerProgress()
        for (id, status) in states { progress.exercises[id] = ExerciseProgress(status: status) }
        #expect(progress.nextUnfinished(after: from, in: Self.course)?.id == expected)
    }

    @Test(
        "Counts take the noun's plural only when they are not one",
        arguments: [(0, "0 more failing tests"), (1, "1 more failing test"), (2, "2 more failing tests")])
    func plural(_ count: Int, _ expected: String) {
        #expect(PathWords.count(count, "more failing test") == expected)
    }
}

@Suite("Which backup `reset --undo` restores")
struct ResetBackupsTests {
    @Test(
        "The newest backup a reset made, never one of a test run or an undo",
        arguments: [
            (["20261127-101500", "20261127-101501"], "20261127-101501"),
            (["20261127-101500", "20261127-101500-2", "20261127-101500-10"], "20261127-101500-10"),
            (["20261127-101500", "20261127-111500-after-test-run-ab12", "20261127-101500-before-undo"], "20261127-101500"),
            (["20261127-111500-after-test-run-ab12", "notes.txt"], nil),
            ([], nil),
        ] as [([String], String?)])
    func latest(_ names: [String], _ expected: String?) {
        #expect(ResetBackups.latest(among: names) == expected)
    }
}
