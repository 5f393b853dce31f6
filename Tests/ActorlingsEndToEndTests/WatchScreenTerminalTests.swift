import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

/// The learner's screen in watch mode, as seen in a pseudo-terminal under an interactive
/// job-control shell (where the pager lives), compared with goldens at 80×24 and 110×34 and after
/// a resize: a long verdict read in the pager and its first failure, long values cut to what
/// differs, the diagnostics mode in the footer, the lesson's first line and its uncut code, the
/// list with its quiz, "Next" past an exercise already passed, and the progress line of a
/// sanitized check. Each screen has three goldens: `screen-<size>-<step>.txt` at the size the
/// terminal starts with, and `screen-<size>-resized-<step>.txt` after the terminal shrank under
/// the running program.
@Suite("Watch mode's screen in a terminal", .enabled(if: interactiveShellAvailable, "needs util-linux `script` and bash"))
struct WatchScreenTerminalTests {
    struct Size: Sendable, CustomTestStringConvertible {
        var columns: Int
        var rows: Int
        var testDescription: String { "\(columns)×\(rows)" }
        /// The size a resize shrinks it to: narrower and shorter, so that every line wraps anew.
        var smaller: Size { Size(columns: columns - 16, rows: rows - 4) }
    }

    /// A session's state: the shell, the size it has now, how far the output was read.
    final class Session {
        let shell: InteractiveShell
        let start: Size
        var size: Size
        var mark = 0
        var name: String { "screen-\(start.columns)x\(start.rows)" + (size.columns == start.columns ? "" : "-resized") }

        init(shell: InteractiveShell, size: Size) {
            self.shell = shell
            start = size
            self.size = size
        }

        /// Types `keys`, waits for `needle` after them and for the screen to settle, and compares
        /// the screen then with the golden `<name>-<step>.txt`.
        func press(_ keys: String, until needle: String, golden step: String?, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            // Keys: what they draw comes after what is there now. No keys: more of what is coming.
            if !keys.isEmpty {
                mark = shell.screen.contents.count
                try shell.type(keys)
            }
            mark = try await shell.screen.wait(for: needle, after: mark, seconds: 240)
            try await shell.settle()
            guard let step else { return }
            try goldenFiles.check(snapshot(), named: "\(name)-\(step).txt", sourceLocation: sourceLocation)
        }

        /// Changes the terminal's size under the running program and waits for `needle` drawn at
        /// the new size.
        func resize(to size: Size, until needle: String) async throws {
            mark = shell.screen.contents.count
            try await shell.resize(rows: size.rows, columns: size.columns)
            self.size = size
            try await press("", until: needle, golden: nil)
        }

        /// What the terminal shows now, durations replaced by a placeholder.
        func snapshot() -> String {
            let screen = VirtualScreen.after(shell.screen.contents, rows: size.rows, columns: size.columns)
            return screen.text.replacing(/\d+(\.\d+)? s\b/, with: "<t> s")
        }

        /// The snapshot's rows, the frame's top line first.
        var rows: [Substring] { snapshot().split(separator: "\n", omittingEmptySubsequences: false) }

        /// Checks what every verdict screen must show: the footer's diagnostics mode, and never
        /// "make the window taller" or a plural after one.
        func expectVerdictScreen(diagnostics mode: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let screen = snapshot()
            #expect(screen.contains("press v to read them all"), sourceLocation: sourceLocation)
            #expect(screen.contains("a diagnostics: \(mode)"), sourceLocation: sourceLocation)
            #expect(!screen.contains("make the window taller") && !screen.contains("1 more failing tests"), sourceLocation: sourceLocation)
        }

        /// Checks the verdict in the pager: from its first line, values cut to what differs, one
        /// more failing test counted in the singular.
        func expectVerdictPager(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(rows.dropFirst().first == "|✘ long-failure: 4 of 4 tests failed", "the pager's first line is drawn cleanly", sourceLocation: sourceLocation)
            let screen = snapshot()
            #expect(screen.contains("✘ [41] 1680 ≠ 1681") && screen.contains("… and 94 equal elements not shown"), sourceLocation: sourceLocation)
            #expect(
                !screen.contains("[0] 0") && !screen.contains("[99]"), "an equal element far from a difference is not shown", sourceLocation: sourceLocation)
            #expect(screen.contains("f first failure"), sourceLocation: sourceLocation)
        }

        /// Checks the list: the quiz named as one, with a line on what a quiz asks.
        func expectList(sourceLocation: SourceLocation = #_sourceLocation) {
            let screen = snapshot()
            #expect(screen.contains("Review: both ideas at once · quiz"), sourceLocation: sourceLocation)
            #expect(screen.contains("· quiz: a step's review, using its idea and an earlier"), sourceLocation: sourceLocation)
            #expect(!screen.contains("· review"), sourceLocation: sourceLocation)
        }

        /// Checks that no line of prose is broken inside a word: each line that wraps ends a word
        /// and the next starts one, so every word of `text` is on the screen whole.
        func expectWordsWhole(of text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let words = Set(rows.flatMap { $0.dropFirst().split(separator: " ").map(String.init) })
            for word in text.split(separator: " ") {
                #expect(words.contains(String(word)), "\"\(word)\" is broken across lines", sourceLocation: sourceLocation)
            }
        }
    }

    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 110, rows: 34)]

    /// The lesson's paragraph, which must wrap at word boundaries on every width.
    static let paragraph =
        "When a test compares two long values, the verdict shows only the elements that differ, each with a neighbour on either side, "
        + "and counts the rest; press v in watch mode to read the whole verdict in the pager, and f there to jump to the first "
        + "failure. This paragraph is long on purpose, so that it wraps at word boundaries on every width the tests use."

    @Test("A long verdict pages, its values are cut to what differs, and the path goes forward", arguments: sizes)
    func longVerdict(_ size: Size) async throws {
        let course = try TestPaths.copyOfFixture(named: "screen-course")
        let shell = try InteractiveShell(in: course, rows: size.rows, columns: size.columns)
        defer { shell.close() }
        let session = Session(shell: shell, size: size)
        // `passing` is passed already: "Next" and `n` must walk past it.
        let passing = try await shell.run("actorlings check passing > /dev/null")
        #expect(passing.status == 0)
        session.mark = passing.end

        try shell.type("actorlings watch; echo EXIT-watch=$?\n")
        // 1. The verdict, cut with the way to read it all; the footer shows the diagnostics mode.
        try await session.press("", until: "4 of 4 tests failed", golden: nil)
        try await session.press("", until: "q quit", golden: "1-verdict")
        session.expectVerdictScreen(diagnostics: "first 3")

        // 2. The whole verdict in the pager, from a clean first line; f jumps to the first failure.
        try await session.press("v", until: "q back", golden: "2-verdict-pager")
        session.expectVerdictPager()
        let pager = try #require(await processes(named: "less", in: course).first, "less is not running")
        #expect(pager.state != "T" && pager.foreground)
        try await session.press("f", until: "q back", golden: "3-first-failure")
        #expect(session.rows.dropFirst().first?.contains("✘ squaresUpTo100()") == true, "f shows the first failure at the top")
        try await session.press("q", until: "q quit", golden: nil)

        // 3. The diagnostics mode switches, and the footer says so.
        try await session.press("a", until: "a diagnostics: all", golden: "4-all-diagnostics")
        session.expectVerdictScreen(diagnostics: "all")

        // 4. The list in the pager names the quiz and says what a quiz asks.
        try await session.press("l", until: "q back", golden: "5-list")
        session.expectList()
        try await session.press("q", until: "q quit", golden: nil)

        // 5. The lesson: its first line drawn cleanly, prose wrapped at words, code cut with a mark.
        try await session.press("s", until: "q back", golden: "6-lesson")
        try expectLesson(session)

        // 6. A resize while the pager is open: watch mode ends that pager and opens one on the
        // lesson wrapped anew.
        let tool = try #require(await processes(named: "less", in: course).first)
        try await shell.resize(rows: size.smaller.rows, columns: size.smaller.columns)
        session.size = size.smaller
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while clock.now < deadline, await processes(named: "less", in: course).allSatisfy({ $0.pid == tool.pid }) {
            try await Task.sleep(for: .milliseconds(100))
        }
        // Watch mode spawns the new pager in its own group, then gives it the terminal: the process
        // can be seen a moment before it is the foreground.
        var reopened = try #require(await processes(named: "less", in: course).first { $0.pid != tool.pid }, "no new pager")
        while clock.now < deadline, !reopened.foreground {
            try await Task.sleep(for: .milliseconds(100))
            reopened = try #require(await processes(named: "less", in: course).first { $0.pid != tool.pid }, "the new pager ended")
        }
        #expect(reopened.foreground)
        // The old pager may have redrawn itself before it was ended: the new one draws after
        // watch mode's last erase of the screen.
        try await shell.settle()
        let output = shell.screen.contents
        session.mark = output.range(of: "\u{1B}[2J", options: .backwards).map { output.distance(from: output.startIndex, to: $0.upperBound) } ?? session.mark
        try await session.press("", until: "q back", golden: "6-lesson")
        try expectLesson(session)
        #expect(!session.rows.contains { $0.hasPrefix("|When") && $0.hasSuffix(">") }, "prose is wrapped anew, not cut")

        // 7. Every screen again at the new size.
        try await session.press("q", until: "q quit", golden: "4-all-diagnostics")
        session.expectVerdictScreen(diagnostics: "all")
        try await session.press("a", until: "a diagnostics: first 3", golden: "1-verdict")
        session.expectVerdictScreen(diagnostics: "first 3")
        try await session.press("v", until: "q back", golden: "2-verdict-pager")
        session.expectVerdictPager()
        try await session.press("f", until: "q back", golden: "3-first-failure")
        #expect(session.rows.dropFirst().first?.contains("✘ squaresUpTo100()") == true, "f shows the first failure at the top")
        try await session.press("q", until: "q quit", golden: nil)
        try await session.press("l", until: "q back", golden: "5-list")
        session.expectList()
        try await session.press("q", until: "q quit", golden: nil)

        // 8. Fixed: "Next" is the next exercise not yet passed, at the small size and at the
        // first one again.
        let source = course + "/Exercises/00-basics/long-failure/Sources/Squares.swift"
        try FileManager.default.copyItem(atPath: course + "/Solutions/00-basics/long-failure/Squares.swift", toPath: source + ".tmp")
        _ = rename(source + ".tmp", source)
        try await session.press("", until: "long-failure passed", golden: nil)
        try await session.press("", until: "q quit", golden: "7-passed")
        #expect(session.snapshot().contains("Next: sanitized"))
        try await session.resize(to: size, until: "q quit")
        try goldenFiles.check(session.snapshot(), named: "\(session.name)-7-passed.txt")
        #expect(session.snapshot().contains("Next: sanitized — Checked under Thread Sanitizer. Press n to go on."))
        try await session.press("h", until: "nothing left to hint at", golden: nil)
        try await session.press("", until: "q quit", golden: nil)

        // 9. A sanitized check says what runs and counts the seconds, redrawn on a resize.
        try await session.press("n", until: "Checking under Thread Sanitizer", golden: nil)
        try await session.press("", until: "which is slower: 1 s", golden: "8-sanitized-check")
        try await session.resize(to: size.smaller, until: "which is slower")
        try goldenFiles.check(session.snapshot(), named: "\(session.name)-8-sanitized-check.txt")
        #expect(session.snapshot().contains("Checking under Thread Sanitizer, which is slower: <t> s"))
        try shell.type("q")
        let (status, _) = try await shell.status(marker: "EXIT-watch=", after: session.mark)
        #expect(status == 0)
    }

    /// The lesson in the pager: its title on the first line, the paragraph's words whole, the long
    /// line of code cut with a mark.
    private func expectLesson(_ session: Session, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rows = session.rows
        #expect(rows.dropFirst().first == "|Long values", "the lesson's first line is not over the old footer", sourceLocation: sourceLocation)
        #expect(rows.contains { $0.contains("let expected") && $0.hasSuffix(">") }, "the long line of code is cut with a mark", sourceLocation: sourceLocation)
        session.expectWordsWhole(of: Self.paragraph, sourceLocation: sourceLocation)
    }
}

/// The commands a learner types beside watch mode, in a pseudo-terminal under an interactive
/// job-control shell, each screen compared with a golden at 80×24 and 110×34 and again after the
/// terminal shrank: `hint` on a passing exercise, `list` with its quiz, `help watch`, and
/// `reset --undo`.
@Suite("The commands' screens in a terminal", .enabled(if: interactiveShellAvailable, "needs util-linux `script` and bash"))
struct CommandScreenTerminalTests {
    typealias Size = WatchScreenTerminalTests.Size

    @Test("hint on a passing exercise, list, help watch and reset --undo", arguments: WatchScreenTerminalTests.sizes)
    func commandScreens(_ size: Size) async throws {
        let course = try TestPaths.copyOfFixture(named: "screen-course")
        // A reset takes the shipped files from git.
        try await commitAsShipped(course)
        let shell = try InteractiveShell(in: course, rows: size.rows, columns: size.columns)
        defer { shell.close() }
        var end = try await shell.screen.wait(for: InteractiveShell.prompt)
        let passing = try await shell.run("actorlings check passing > /dev/null", after: end)
        #expect(passing.status == 0)
        end = passing.end
        let source = course + "/Exercises/00-basics/long-failure/Sources/Squares.swift"
        let shipped = try String(contentsOfFile: source, encoding: .utf8)
        let mine = shipped + "// my attempt\n"

        for (current, prefix) in [(size, "screen-\(size.columns)x\(size.rows)"), (size.smaller, "screen-\(size.columns)x\(size.rows)-resized")] {
            if current.columns != size.columns {
                try await shell.resize(rows: current.rows, columns: current.columns)
            }
            // Each command typed once the prompt is back, on a cleared screen, so that the
            // terminal shows it once; its screen is read once the prompt is back after it.
            func screen(of lines: [String], golden: String) async throws -> String {
                let cleared = try await shell.run("clear", after: end)
                end = try await shell.screen.wait(for: InteractiveShell.prompt, after: cleared.end)
                for line in lines {
                    let result = try await shell.run(line, after: end)
                    #expect(result.status == 0, "\(line) failed")
                    end = try await shell.screen.wait(for: InteractiveShell.prompt, after: result.end)
                }
                // Placeholders before the screen is drawn, so that a time never falls across a
                // line's end.
                let output = shell.screen.contents.prefix(end)
                    .replacing(/\d{8}-\d{6}(-\d+)?/, with: "<time>").replacing(/EXIT-[0-9A-F]{8}/, with: "EXIT-<id>")
                let text = VirtualScreen.after(String(output), rows: current.rows, columns: current.columns).text
                try goldenFiles.check(text, named: "\(prefix)-\(golden).txt")
                return text
            }

            // A hint asked for on a passing exercise says that it passes, and gives its
            // after-pass note.
            let hint = flattened(try await screen(of: ["actorlings hint passing"], golden: "hint-passing"))
            #expect(hint.contains("passing passes: there is nothing left to hint at") && hint.contains("Remember this."))
            #expect(!hint.contains("fails differently"))

            // The list names the quiz and says what a quiz asks.
            let list = try await screen(of: ["actorlings list"], golden: "list")
            #expect(flattened(list).contains("Review: both ideas at once · quiz"))
            #expect(flattened(list).contains("· quiz: a step's review, using its idea and an earlier step's together"))
            #expect(!list.contains("· review"))
            expectWordsWhole(of: "· quiz: a step's review, using its idea and an earlier step's together", on: list)

            // help watch lists the key that switches the diagnostics and the way to skip, every
            // word whole.
            let help = try await screen(of: ["actorlings help watch"], golden: "help-watch")
            #expect(flattened(help).contains("a switch between the first three diagnostics and all of them (the footer says which)"))
            #expect(flattened(help).contains("press n twice to skip it"))
            expectNoBrokenWords(on: help, writing: HelpText.text(for: "watch"))

            // reset backs up the learner's version; reset --undo puts it back.
            try mine.write(toFile: source, atomically: true, encoding: .utf8)
            let reset = try await screen(of: ["actorlings reset long-failure --yes", "actorlings reset long-failure --undo"], golden: "reset-undo")
            #expect(try String(contentsOfFile: source, encoding: .utf8) == mine)
            #expect(flattened(reset).contains("the backup the reset made. What was there before is in .actorlings/backups/long-failure/<time>-before-undo."))
            expectWordsWhole(of: "Your previous version is in .actorlings/backups/long-failure/<time>.", on: reset)
        }
    }

    /// The screen's text as one line: rows joined, runs of spaces made one, the frame gone.
    private func flattened(_ screen: String) -> String {
        let rows = screen.split(separator: "\n").filter { !$0.hasPrefix("+") }.map { $0.dropFirst() }
        return rows.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    /// Checks that every word on `screen` is a word of `text` or of the shell's lines: a line
    /// broken inside a word leaves pieces that are neither. Whatever scrolled out of sight
    /// does not matter.
    private func expectNoBrokenWords(on screen: String, writing text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let words = Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        let rows = screen.split(separator: "\n").filter { !$0.hasPrefix("+") && !$0.hasPrefix("|$ ") && !$0.hasPrefix("|EXIT-") }
        let pieces = rows.flatMap { $0.dropFirst().split(separator: " ") }.filter { $0 != "$" && !words.contains($0) }
        #expect(pieces.isEmpty, "pieces of words: \(pieces)", sourceLocation: sourceLocation)
    }

    /// Checks that every word of `text` is on `screen` whole: no line broken inside a word.
    private func expectWordsWhole(of text: String, on screen: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let words = Set(screen.split(separator: "\n").flatMap { $0.dropFirst().split(separator: " ") })
        let broken = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { !words.contains($0) }
        #expect(broken.isEmpty, "broken across lines: \(broken)", sourceLocation: sourceLocation)
    }
}

@Suite("The README's key list")
struct ReadmeKeysTests {
    @Test("The README lists watch mode's keys exactly as `help watch` does")
    func readmeMatchesHelp() throws {
        let readme = try String(contentsOfFile: TestPaths.repositoryRoot + "/README.md", encoding: .utf8)
        let help = HelpText.text(for: "watch")
        // The key list of the help: everything after its introduction, up to its end.
        let keys = try #require(help.components(separatedBy: "reacts to keys:\n").last).trimmingCharacters(in: .newlines)
        let block = try #require(readme.components(separatedBy: "```text\n").dropFirst().first { $0.hasPrefix("  h  ") })
        let listed = try #require(block.components(separatedBy: "```").first).trimmingCharacters(in: .newlines)
        #expect(listed == keys)
    }
}
