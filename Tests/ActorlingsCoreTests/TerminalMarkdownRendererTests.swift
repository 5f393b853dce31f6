import ActorlingsCore
import Foundation
import Testing

@Suite struct TerminalMarkdownRendererTests {
    private func plain(_ markdown: String, width: Int = 72) -> String {
        TerminalMarkdownRenderer(palette: .plain, width: width).render(MarkdownDocument(parsing: markdown))
    }

    private func colored(_ markdown: String, width: Int = 72) -> String {
        TerminalMarkdownRenderer(palette: .colored, width: width).render(MarkdownDocument(parsing: markdown))
    }

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    // MARK: Golden files

    @Test func sampleLessonPlain() throws {
        let source = try goldenFiles.read("lesson-sample.md")
        let output = TerminalMarkdownRenderer(palette: .plain, width: 72).render(MarkdownDocument(parsing: source))
        #expect(!output.contains("\u{1B}"))
        try goldenFiles.check(output, named: "lesson-sample.plain.txt")
    }

    @Test func sampleLessonColored() throws {
        let source = try goldenFiles.read("lesson-sample.md")
        let output = TerminalMarkdownRenderer(palette: .colored, width: 72).render(MarkdownDocument(parsing: source))
        try goldenFiles.check(output, named: "lesson-sample.color.txt")
    }

    @Test(arguments: [20, 33, 50, 72])
    func sampleLessonFitsTheWidthOutsideCodeAndLongWords(width: Int) throws {
        let source = try goldenFiles.read("lesson-sample.md")
        for palette in [Palette.plain, .colored] {
            let output = TerminalMarkdownRenderer(palette: palette, width: width).render(MarkdownDocument(parsing: source))
            for line in lines(TerminalText.removingEscapes(output)) where !line.hasPrefix("    │") {
                // Only a word too long for a line of its own (after a bullet or bar) may overflow.
                let hasLongWord = line.split(separator: " ").contains { TerminalText.width(of: String($0)) > width - 6 }
                #expect(TerminalText.width(of: line) <= width || hasLongWord, "\(width): \(line)")
            }
        }
    }

    // MARK: Paragraphs

    @Test func paragraphsWrapAtWordsAndKeepEveryWord() {
        let text = "Actors protect their state by running one task at a time, so no lock is needed."
        let output = lines(plain(text, width: 20))
        #expect(output == ["Actors protect their", "state by running one", "task at a time, so", "no lock is needed."])
        #expect(output.joined(separator: " ") == text)
    }

    @Test func aWordLongerThanTheWidthIsNeverSplit() {
        let output = lines(plain("see https://example.com/a/very/long/path now", width: 10))
        #expect(output == ["see", "https://example.com/a/very/long/path", "now"])
    }

    @Test func escapeCodesDoNotCountTowardTheWidth() {
        let text = "Some **bold words** and *emphasised words* wrap exactly as plain text does here."
        let styled = colored(text, width: 24)
        #expect(styled.contains("\u{1B}[1mbold words\u{1B}[0m"))
        #expect(TerminalText.removingEscapes(styled) == plain(text, width: 24))
    }

    @Test func wideCharactersCountTwoColumns() {
        #expect(TerminalText.width(of: "日本語") == 6)
        #expect(lines(plain("日本 日本 日本", width: 10)) == ["日本 日本", "日本"])
    }

    @Test func hardBreaksStartANewLine() {
        #expect(lines(plain("first  \nsecond")) == ["first", "second"])
    }

    @Test func linksShowTheirAddressDimmed() {
        #expect(plain("Read [the book](https://swift.org/book).") == "Read the book (https://swift.org/book).\n")
        #expect(plain("Read <https://swift.org>.") == "Read https://swift.org.\n")
        #expect(colored("[book](https://s.org)") == "\u{1B}[4mbook\u{1B}[0m (\u{1B}[2mhttps://s.org\u{1B}[0m)\n")
    }

    @Test func inlineCodeIsColouredOrKeepsItsBackticks() {
        #expect(plain("Use `await` here.") == "Use `await` here.\n")
        #expect(colored("Use `await` here.") == "Use \u{1B}[36mawait\u{1B}[0m here.\n")
    }

    // MARK: Headings, quotes, breaks, comments

    @Test func headingsAreUnderlinedByLevel() {
        #expect(plain("# Actors") == "Actors\n══════\n")
        #expect(plain("## Tasks") == "Tasks\n─────\n")
        #expect(plain("### Detail") == "Detail\n")
        #expect(colored("# Go") == "\u{1B}[1;36mGo\u{1B}[0m\n\u{1B}[36m══\u{1B}[0m\n")
    }

    @Test func blockQuotesHaveABar() {
        #expect(
            lines(plain("> Quoted text that wraps.\n>\n> Again.", width: 16)) == [
                "│ Quoted text", "│ that wraps.", "│", "│ Again.",
            ])
    }

    @Test func commentsAreNotRenderedAndBreaksSpanTheWidth() {
        #expect(plain("A\n\n<!-- hidden -->\n\n---\n\nB", width: 5) == "A\n\n─────\n\nB\n")
    }

    // MARK: Lists

    @Test func listItemsHangUnderTheirText() {
        let output = lines(plain("- one two three four\n- five", width: 12))
        #expect(output == ["• one two", "  three four", "• five"])
    }

    @Test func nestedListsIndentFurther() {
        let output = lines(plain("1. Top item\n   - nested item that wraps\n     - deeper\n2. Next", width: 20))
        #expect(
            output == [
                "1. Top item",
                "   ◦ nested item",
                "     that wraps",
                "     ▪ deeper",
                "2. Next",
            ])
    }

    @Test func numbersAreRightAligned() throws {
        let markdown = (1...10).map { "\($0). item" }.joined(separator: "\n")
        let output = lines(plain(markdown))
        #expect(output.first == " 1. item")
        #expect(output.last == "10. item")
    }

    // MARK: Tables

    @Test func tablesAreDrawnWithColumnsSizedToContent() {
        let markdown = "| a | long header |\n|---|---:|\n| `x` | 1 |\n"
        #expect(
            lines(plain(markdown)) == [
                "┌─────┬─────────────┐",
                "│ a   │ long header │",
                "├─────┼─────────────┤",
                "│ `x` │           1 │",
                "└─────┴─────────────┘",
            ])
    }

    @Test func tablesWiderThanTheTerminalWrapTheirCells() {
        let markdown = "| word | meaning |\n|---|:---:|\n| `isolation=MainActor` | compile with default main-actor isolation |\n"
        let output = lines(plain(markdown, width: 40))
        #expect(output.allSatisfy { TerminalText.width(of: $0) == 40 })
        #expect(output.count > 5)
        #expect(output[3].hasPrefix("│ `isolation=MainActor` │"))
        let widthCut = lines(plain("| abcdefghij | k |\n|---|---|\n", width: 10))
        #expect(widthCut.allSatisfy { TerminalText.width(of: $0) == 10 })
        #expect(widthCut[1] == "│ ab │ k │")
        #expect(widthCut[2] == "│ cd │   │")
    }

    // MARK: Code

    @Test func codeBlocksAreIndentedBehindAGutterAndNeverWrapped() {
        let code = "let someLongName = anotherLongName.compute(with: 1, and: 2)"
        #expect(plain("```swift\n\(code)\n\n```", width: 20) == "    │ \(code)\n    │\n")
    }

    @Test func swiftCodeIsHighlighted() {
        let output = colored("```swift\nactor Bank {}\n```")
        #expect(output == "    \u{1B}[2m│\u{1B}[0m \u{1B}[35mactor\u{1B}[0m \u{1B}[36mBank\u{1B}[0m {}\n")
    }

    @Test func diagnosticsAreColouredBySeverity() {
        let markdown = """
            ```diagnostics
            a.swift:1:2: error: bad
            warning: risky
              note: see error: here
            plain line
            ```
            """
        let output = colored(markdown)
        #expect(output.contains("a.swift:1:2: \u{1B}[1;31merror:\u{1B}[0m bad"))
        #expect(output.contains("\u{1B}[1;33mwarning:\u{1B}[0m risky"))
        #expect(output.contains("  \u{1B}[1;36mnote:\u{1B}[0m see error: here"))
        #expect(TerminalText.removingEscapes(output) == plain(markdown))
    }

    @Test func otherCodeIsNotHighlighted() {
        #expect(colored("```text\nlet x = 1\n```") == "    \u{1B}[2m│\u{1B}[0m let x = 1\n")
    }

    @Test func randomMarkdownRendersAtAnyWidth() {
        let fragments = [
            "# ", "## ", "- ", "1. ", "  ", "    ", "\t", "> ", "```swift\n", "~~~\n", "| a | b |\n", "|---|:-:|\n",
            "---\n", "<!-- ", " -->", "**", "*", "_", "`", "[x](", ")", "<https://a.b>", "word ", "日本 ", "\n", "\n\n",
            "\\", "\"", "@MainActor ", "error: ",
        ]
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let markdown = (0..<next(40)).map { _ in fragments[next(fragments.count)] }.joined()
            let document = MarkdownDocument(parsing: markdown)
            let width = 1 + next(60)
            let plainOutput = TerminalMarkdownRenderer(palette: .plain, width: width).render(document)
            let coloredOutput = TerminalMarkdownRenderer(palette: .colored, width: width).render(document)
            #expect(!plainOutput.contains("\u{1B}"), "\(markdown.debugDescription)")
            #expect(coloredOutput.isEmpty == plainOutput.isEmpty, "\(markdown.debugDescription)")
        }
    }

    @Test func nothingToShowRendersNothing() {
        #expect(plain("") == "")
        #expect(plain("<!-- only a comment -->") == "")
    }
}
