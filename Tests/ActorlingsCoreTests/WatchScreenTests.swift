import Foundation
import Testing

@testable import ActorlingsCore

@Suite("Watch mode's screen: wrapped to the width, fitted to the height")
struct WatchScreenTests {
    struct WrapCase: Sendable, CustomTestStringConvertible {
        var line: String
        var width: Int
        var expected: [String]
        var testDescription: String { "\(line.prefix(20))… at \(width)" }
    }

    static let wrapCases: [WrapCase] = [
        WrapCase(line: "short", width: 20, expected: ["short"]),
        WrapCase(line: "one two three four", width: 9, expected: ["one two", "three", "four"]),
        WrapCase(line: "  indented words wrap under the indent", width: 16, expected: ["  indented words", "  wrap under the", "  indent"]),
        WrapCase(line: "abcdefghijklmnop", width: 6, expected: ["abcdef", "ghijkl", "mnop"]),
        WrapCase(line: "\u{1B}[1mbold\u{1B}[0m words here", width: 10, expected: ["\u{1B}[1mbold\u{1B}[0m words", "here"]),
        WrapCase(line: "日本語のテキスト", width: 6, expected: ["日本語", "のテキ", "スト"]),
    ]

    @Test("Lines break at spaces, keep their indentation, and escape codes take no room", arguments: wrapCases)
    func wrap(_ example: WrapCase) {
        let lines = WatchScreen.wrap(example.line, width: example.width)
        #expect(lines == example.expected)
        for line in lines { #expect(TerminalText.width(of: line) <= example.width) }
    }

    @Test("No line is wider than the screen and there are never more lines than rows", arguments: [(30, 10), (60, 12), (80, 24), (20, 8)])
    func fits(_ width: Int, _ height: Int) {
        let screen = WatchScreen(width: width, height: height)
        let body = (1...30).map { "error \($0): a long diagnostic message that the terminal would otherwise cut mid-word" }.joined(separator: "\n")
        let lines = screen.lines(
            header: "Actorlings · step 1 · main-actor-mode", body: body, note: "a list\nof things", footer: "[███░░] 30%\nh hint · q quit", palette: .plain)
        #expect(lines.count <= height)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) <= width })
        #expect(lines.first == "Actorlings · step 1 ·" || lines.first?.hasPrefix("Actorlings") == true)
        #expect(lines.last == "h hint · q quit")
        #expect(lines.contains { $0.hasPrefix("error 1:") }, "the verdict's start stays in view")
    }

    @Test(
        "Code in a verdict is never broken at a space: kept whole for the pager, cut with a mark on the screen; prose still wraps",
        arguments: [
            ("    Expectation failed: squares(upTo: 100) == (0..<100).map { $0 * $0 }", true),
            ("    at Exercises/00-basics/long-failure/Tests/SquaresTests.swift:7", true),
            ("        [40] 1600", true),
            ("      ✘ [41] 1680 ≠ 1681", true),
            ("   12 | let total = items.reduce(0) { $0 + $1.price }", true),
            ("      |             ^", true),
            ("    the widget should show the score after every goal, not only the last one", false),
            ("    at most 1 of the 3 uploads were under way at once", false),
            ("      [index] left ≠ right", false),
        ])
    func codeLines(line: String, isCode: Bool) {
        #expect(WatchScreen.isCode(line) == isCode)
        let screen = WatchScreen(width: 30, height: 10)
        let kept = screen.wrap(line, code: .kept)
        let cut = screen.wrap(line, code: .cut)
        if isCode {
            #expect(kept == [line])
            #expect(cut.count == 1)
            #expect(TerminalText.width(of: cut[0]) == min(30, TerminalText.width(of: line)))
            #expect(cut[0].hasSuffix("›") == (TerminalText.width(of: line) > 30))
        } else {
            #expect(kept == screen.wrap(line))
            #expect(cut == screen.wrap(line))
        }
    }

    @Test("A cut keeps escape codes, so a colour still ends")
    func cutKeepsEscapes() {
        let line = "\u{1B}[2m    at Exercises/00-basics/long-failure/Tests/SquaresTests.swift:7\u{1B}[0m"
        let cut = WatchScreen.cut(line, width: 20)
        #expect(cut.hasSuffix("\u{1B}[0m"))
        #expect(TerminalText.width(of: cut) == 20)
        #expect(TerminalText.removingEscapes(cut) == "    at Exercises/00›")
    }

    @Test("A verdict and a note too long for the screen share it, each cut at its end")
    func verdictAndNoteShare() throws {
        let screen = WatchScreen(width: 60, height: 14)
        let note = (1...20).map { "  ✔ exercise-\($0)" }.joined(separator: "\n")
        let verdict = "\n" + (1...12).map { "error \($0): the verdict" }.joined(separator: "\n")
        let text = screen.lines(header: "Title", body: verdict, note: note, footer: "bar\nkeys", palette: .plain).joined(separator: "\n")
        try goldenFiles.check(text + "\n", named: "watch-screen-note-shortened.txt")
    }

    @Test("The rendered screen starts by erasing the previous one")
    func rendersWholeScreen() {
        let text = WatchScreen(width: 40, height: 10).render(header: "T", body: "B", note: nil, footer: "F", palette: .plain)
        #expect(text.hasPrefix("\u{1B}[H\u{1B}[2J"))
        #expect(text.hasSuffix("T\nB\n\nF"))
    }
}

@Suite("Skipping an exercise")
struct SkipProgressTests {
    let course = Course(
        format: 1, title: "T", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [],
        steps: [Step(number: 0, id: "a", title: "A", exercises: ["first", "second", "third"].map { TrustedGradingTests.exercise($0, points: 1) })])

    @Test("A skip is recorded as skipped, not passed, and the journey moves past it")
    func skipMovesOn() throws {
        var progress = LearnerProgress(current: "first")
        progress.skip("first")
        #expect(progress.isSkipped("first"))
        #expect(!progress.isPassed("first"))
        #expect(progress.currentExercise(in: course)?.id == "second")
        // Still failing keeps it skipped; passing later makes it passed.
        progress.record(Verdict(exerciseID: "first", outcome: .compileFailed([]), duration: .zero))
        #expect(progress.isSkipped("first"))
        progress.record(Verdict(exerciseID: "first", outcome: .passed(testCount: 1), duration: .zero))
        #expect(progress.isPassed("first"))
        progress.skip("first")
        #expect(progress.isPassed("first"), "a passed exercise is never turned into a skipped one")
    }

    @Test("Progress with a skip is written as format 2, without one as format 1, and both read back")
    func formats() throws {
        var progress = LearnerProgress(current: "first")
        progress.record(Verdict(exerciseID: "first", outcome: .passed(testCount: 1), duration: .zero))
        let plain = String(decoding: ProgressDecoding.encode(progress), as: UTF8.self)
        #expect(plain.contains("\"format\" : 1"))
        progress.skip("second")
        let skipped = String(decoding: ProgressDecoding.encode(progress), as: UTF8.self)
        #expect(skipped.contains("\"format\" : 2"))
        #expect(skipped.contains("\"status\" : \"skipped\""))
        #expect(ProgressDecoding.decode(Data(skipped.utf8)) == .decoded(progress))
    }

    @Test("list marks a skipped exercise")
    func listShowsSkip() {
        var progress = LearnerProgress(current: "second")
        progress.skip("first")
        let text = JourneyRenderer(palette: .plain).render(course: course, progress: progress)
        #expect(text.contains("↷ first"))
        #expect(text.contains("↷ skipped"))
    }

    @Test("grade marks a skip without changing a point")
    func gradeReportMarksSkip() {
        var progress = LearnerProgress()
        progress.skip("second")
        let verdicts = course.exercises.map { Verdict(exerciseID: $0.id, outcome: .compileFailed([]), duration: .zero) }
        var report = GradeReport(
            toolVersion: "0", toolchain: "6.3.1", course: course, student: GradeReport.Student(), generatedAt: "now",
            exercises: zip(course.exercises, verdicts).map { GradedExercise(exercise: $0, verdict: $1, copiedSolution: false) })
        let before = report.totals
        report.markSkipped(progress)
        #expect(report.totals == before)
        #expect(report.exercises.map(\.skipped) == [nil, true, nil])
    }
}
