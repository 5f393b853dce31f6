import ActorlingsCore
import Foundation
import Testing

/// The learner's screen in watch mode, as seen in a pseudo-terminal under an interactive
/// job-control shell (where the pager lives), compared with goldens at 80×24 and 110×34 and after
/// a resize: a long verdict read in the pager and its first failure, long values cut to what
/// differs, the diagnostics mode in the footer, the lesson's first line and its uncut code, the
/// list with its quiz, "Next" past an exercise already passed, a hint on a passing exercise, and
/// the progress line of a sanitized check.
@Suite("Watch mode's screen in a terminal", .enabled(if: interactiveShellAvailable, "needs util-linux `script` and bash"))
struct WatchScreenTerminalTests {
    struct Size: Sendable, CustomTestStringConvertible {
        var columns: Int
        var rows: Int
        var testDescription: String { "\(columns)×\(rows)" }
    }

    /// A session's state: the shell, the size it has now, how far the output was read.
    final class Session {
        let shell: InteractiveShell
        var size: Size
        var mark = 0
        let name: String

        init(shell: InteractiveShell, size: Size) {
            self.shell = shell
            self.size = size
            name = "screen-\(size.columns)x\(size.rows)"
        }

        /// Types `keys`, waits for `needle` after them, and compares the screen then with the
        /// golden `<size>-<step>.txt`.
        func press(_ keys: String, until needle: String, golden step: String?, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            // Keys: what they draw comes after what is there now. No keys: more of what is coming.
            if !keys.isEmpty {
                mark = shell.screen.contents.count
                try shell.type(keys)
            }
            mark = try await shell.screen.wait(for: needle, after: mark, seconds: 240)
            // The rest of the screen being drawn in the same write: a moment for it to arrive.
            try await Task.sleep(for: .milliseconds(300))
            guard let step else { return }
            try goldenFiles.check(snapshot(), named: "\(name)-\(step).txt", sourceLocation: sourceLocation)
        }

        /// What the terminal shows now, durations replaced by a placeholder.
        func snapshot() -> String {
            let screen = VirtualScreen.after(shell.screen.contents, rows: size.rows, columns: size.columns)
            return screen.text.replacing(/\d+(\.\d+)? s\b/, with: "<t> s")
        }
    }

    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 110, rows: 34)]

    @Test("A long verdict pages, its values are cut to what differs, and the path goes forward", arguments: sizes)
    func longVerdict(_ size: Size) async throws {
        let course = try TestPaths.copyOfFixture(named: "screen-course")
        let shell = try InteractiveShell(in: course, rows: size.rows, columns: size.columns)
        defer { shell.close() }
        let session = Session(shell: shell, size: size)
        // `passing` is passed already: "Next" and `n` must walk past it.
        let passing = try await shell.run("actorlings check passing > /dev/null")
        #expect(passing.status == 0)
        // A hint asked for on it says that it passes, and gives its after-pass note.
        let hint = try await shell.run("actorlings hint passing", after: passing.end)
        #expect(hint.status == 0)
        let hinted = String(shell.screen.contents.dropFirst(passing.end).prefix(hint.end - passing.end))
        #expect(hinted.contains("passing passes") && hinted.contains("nothing left to hint at") && hinted.contains("Remember this."))
        #expect(!hinted.contains("fails differently"))
        session.mark = hint.end

        try shell.type("actorlings watch; echo EXIT-watch=$?\n")
        // 1. The verdict, cut with the way to read it all; the footer shows the diagnostics mode.
        try await session.press("", until: "4 of 4 tests failed", golden: nil)
        try await session.press("", until: "q quit", golden: nil)
        let first = session.snapshot()
        #expect(first.contains("press v to read them all") || first.contains("… and 1 more failing test."))
        #expect(!first.contains("make the window taller"))
        #expect(first.contains("a diagnostics: first 3"))
        #expect(!first.contains("1 more failing tests"))
        try goldenFiles.check(first, named: "\(session.name)-1-verdict.txt")

        // 2. The whole verdict in the pager, from a clean first line; f jumps to the first failure.
        try await session.press("v", until: "q back", golden: "2-verdict-pager")
        let pager = try #require(await processes(named: "less", in: course).first, "less is not running")
        #expect(pager.state != "T" && pager.foreground)
        try await session.press("f", until: "q back", golden: "3-first-failure")
        let jumped = session.snapshot().split(separator: "\n")
        #expect(jumped.dropFirst().first?.contains("✘ squaresUpTo100()") == true, "f shows the first failure at the top")
        try await session.press("q", until: "q quit", golden: nil)

        // 3. The diagnostics mode switches, and the footer says so.
        try await session.press("a", until: "a diagnostics: all", golden: "4-all-diagnostics")

        // 4. The lesson: its first line drawn cleanly, prose wrapped at words, code cut with a mark.
        try await session.press("s", until: "q back", golden: "5-lesson")
        let lesson = session.snapshot().split(separator: "\n")
        #expect(lesson.dropFirst().first.map { !$0.contains("q quit") } == true, "the lesson's first line is not over the old footer")
        #expect(lesson.contains { $0.contains("let expected") && $0.hasSuffix(">") }, "the long line of code is cut with a mark")

        // 5. A resize while the pager is open, then back in watch mode.
        let smaller = Size(columns: size.columns - 16, rows: size.rows - 4)
        let tool = try #require(await processes(named: "less", in: course).first)
        let terminal = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(tool.pid)/fd/1")
        session.mark = shell.screen.contents.count
        try await onOwnThread {
            let stty = Process()
            stty.executableURL = URL(fileURLWithPath: "/bin/stty")
            stty.arguments = ["-F", terminal, "cols", "\(smaller.columns)", "rows", "\(smaller.rows)"]
            try stty.run()
            stty.waitUntilExit()
        }
        session.size = smaller
        // Watch mode sees the new size, ends that pager and opens one on the lesson wrapped anew.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(20)
        while clock.now < deadline, await processes(named: "less", in: course).allSatisfy({ $0.pid == tool.pid }) {
            try await Task.sleep(for: .milliseconds(100))
        }
        let reopened = try #require(await processes(named: "less", in: course).first { $0.pid != tool.pid }, "no new pager")
        #expect(reopened.foreground)
        try await Task.sleep(for: .seconds(1))
        try goldenFiles.check(session.snapshot(), named: "\(session.name)-6-lesson-resized.txt")
        let rewrapped = session.snapshot().split(separator: "\n")
        #expect(!rewrapped.contains { $0.hasPrefix("|When") && $0.hasSuffix(">") }, "prose is wrapped anew, not cut")
        try await session.press("q", until: "q quit", golden: "7-after-resize")

        // 6. The list in the pager names the quiz and says what a quiz asks.
        try await session.press("l", until: "q back", golden: "8-list")
        #expect(session.snapshot().contains("Review: both ideas at once · quiz"))
        try await session.press("q", until: "q quit", golden: nil)

        // 7. Fixed: "Next" is the next exercise not yet passed, and a hint knows it passes.
        let source = course + "/Exercises/00-basics/long-failure/Sources/Squares.swift"
        try FileManager.default.copyItem(atPath: course + "/Solutions/00-basics/long-failure/Squares.swift", toPath: source + ".tmp")
        _ = rename(source + ".tmp", source)
        try await session.press("", until: "long-failure passed", golden: nil)
        try await session.press("", until: "q quit", golden: "9-passed")
        #expect(session.snapshot().contains("Next: sanitized"))
        try await session.press("h", until: "nothing left to hint at", golden: nil)
        try await session.press("", until: "q quit", golden: nil)

        // 8. A sanitized check says what runs and counts the seconds.
        try await session.press("n", until: "Checking under Thread Sanitizer", golden: nil)
        try await session.press("", until: "which is slower: 1 s", golden: nil)
        try await session.press("", until: "which is slower: 2 s", golden: nil)
        try shell.type("q")
        let (status, _) = try await shell.status(marker: "EXIT-watch=", after: session.mark)
        #expect(status == 0)
    }

    @Test("`reset --undo` puts back the version the reset backed up", arguments: sizes)
    func resetUndo(_ size: Size) async throws {
        let course = try TestPaths.copyOfFixture(named: "screen-course")
        // A reset takes the shipped files from git.
        try await commitAsShipped(course)
        let shell = try InteractiveShell(in: course, rows: size.rows, columns: size.columns)
        defer { shell.close() }
        let source = course + "/Exercises/00-basics/long-failure/Sources/Squares.swift"
        let shipped = try String(contentsOfFile: source, encoding: .utf8)
        let mine = shipped + "// my attempt\n"
        try mine.write(toFile: source, atomically: true, encoding: .utf8)
        // Each command typed once the shell's prompt is back, so that the terminal shows it once;
        // the screen starts clear.
        func run(_ line: String, after offset: Int) async throws -> (status: Int, end: Int) {
            let result = try await shell.run(line, after: offset)
            return (result.status, try await shell.screen.wait(for: InteractiveShell.prompt, after: result.end))
        }
        let start = try await shell.screen.wait(for: InteractiveShell.prompt)
        let cleared = try await run("clear", after: start)
        let reset = try await run("actorlings reset long-failure --yes", after: cleared.end)
        #expect(reset.status == 0)
        #expect(try String(contentsOfFile: source, encoding: .utf8) == shipped)
        let undo = try await run("actorlings reset long-failure --undo", after: reset.end)
        #expect(undo.status == 0)
        #expect(try String(contentsOfFile: source, encoding: .utf8) == mine)
        // Placeholders before the screen is drawn, so that a time never falls across a line's end.
        let output = shell.screen.contents.replacing(/\d{8}-\d{6}(-\d+)?/, with: "<time>").replacing(/EXIT-[0-9A-F]{8}/, with: "EXIT-<id>")
        let screen = VirtualScreen.after(output, rows: size.rows, columns: size.columns).text
        try goldenFiles.check(screen, named: "screen-\(size.columns)x\(size.rows)-reset-undo.txt")
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
