import ActorlingsCore
import Testing

@Suite struct SwiftHighlighterTests {
    /// The styled runs of highlighted code, as (SGR parameters, text) pairs.
    private func styledRuns(_ code: String) -> [(style: String, text: String)] {
        SwiftHighlighter.highlight(code, palette: .colored)
            .matches(of: /\x1B\[([0-9;]+)m([^\x1B]*)\x1B\[0m/)
            .map { (String($0.output.1), String($0.output.2)) }
    }

    private func runs(_ code: String, style: String) -> [String] {
        styledRuns(code).filter { $0.style == style }.map(\.text)
    }

    private let keyword = "35", attribute = "33", string = "32", comment = "90", number = "34", type = "36"

    // MARK: Never losing a character

    @Test func plainPaletteReturnsTheCodeUnchanged() {
        let code = "actor A { func f() async {} }"
        #expect(SwiftHighlighter.highlight(code, palette: .plain) == code)
    }

    @Test(arguments: [
        "",
        "actor Bank {\n    var balance = 0\n}\n",
        "let s = \"unterminated\nlet t = 1",
        "\"\"\"\nmulti \\(line) \"quoted\"\n\"\"\"",
        "#\"raw \\(not) \"# + ##\"x\"#\"##",
        "/* a /* nested */ still */ end /* unclosed",
        "\"\\(f(\")\"))\" trailing",
        "x.`default` + $0 + #if DEBUG @ @1 0x1F.p-3 1e-9 0...5",
        "caf\u{E9} + e\u{301} 👩‍👩‍👧 \r\n\t",
        "\\",
        "#",
    ])
    func removingEscapeCodesGivesBackTheInput(code: String) {
        #expect(TerminalText.removingEscapes(SwiftHighlighter.highlight(code, palette: .colored)) == code)
    }

    @Test func randomFragmentsSurviveHighlighting() {
        let fragments = [
            "actor", " ", "\n", "\"", "\"\"\"", "#", "\\(", ")", "(", "//", "/*", "*/", "@", "MainActor",
            "1", ".", "0x", "e", "-", "`", "$", "x", "Type", "'", "\\", "é", "{", "}", "nonisolated", "\t",
        ]
        var generator = SplitMix64(seed: 2024)
        for _ in 0..<500 {
            let count = Int(generator.next() % 24)
            let code = (0..<count).map { _ in fragments[Int(generator.next() % UInt64(fragments.count))] }.joined()
            let highlighted = SwiftHighlighter.highlight(code, palette: .colored)
            #expect(TerminalText.removingEscapes(highlighted) == code)
            // No style is left open at the end of a line: callers put a gutter in front of each.
            for line in highlighted.split(separator: "\n", omittingEmptySubsequences: false) {
                let opened = line.matches(of: /\x1B\[[0-9;]*[1-9][0-9;]*m/).count
                let closed = line.matches(of: /\x1B\[0m/).count
                #expect(opened == closed, "\(code.debugDescription)")
            }
        }
    }

    // MARK: Token kinds

    @Test func keywordsIncludeTheConcurrencyVocabulary() {
        let code = """
            actor A { nonisolated func f(_ x: sending T, y: isolated (any Actor)?) async -> some P {
              consuming func g() {}; await h(); let v = try await t }
            """
        #expect(
            runs(code, style: keyword) == [
                "actor", "nonisolated", "func", "sending", "isolated", "any", "async", "some",
                "consuming", "func", "await", "let", "try", "await",
            ])
    }

    @Test func attributesIncludeTheirAtSign() {
        let code = "@MainActor @concurrent @Sendable final class C: @unchecked Sendable {}"
        #expect(runs(code, style: attribute) == ["@MainActor", "@concurrent", "@Sendable", "@unchecked"])
        #expect(runs(code, style: type) == ["C", "Sendable"])
    }

    @Test func interpolationStaysInsideTheString() {
        #expect(
            runs("print(\"Hi \\(name.uppercased()), \\(\"x\")!\")", style: string)
                == ["\"Hi \\(name.uppercased()), \\(\"x\")!\""])
        #expect(runs("let r = #\"a \"quoted\" \\#(b)\"#", style: string) == ["#\"a \"quoted\" \\#(b)\"#"])
    }

    @Test func multiLineStringsAreStyledLineByLine() {
        let code = "let s = \"\"\"\n  one \"two\"\n  \"\"\"\nlet t = 1"
        #expect(runs(code, style: string) == ["\"\"\"", "  one \"two\"", "  \"\"\""])
        #expect(runs(code, style: number) == ["1"])
    }

    @Test func commentsIncludingNestedBlockComments() {
        let code = "a // line `actor`\n/* outer /* inner */ still outer */ b"
        #expect(runs(code, style: comment) == ["// line `actor`", "/* outer /* inner */ still outer */"])
        #expect(runs(code, style: keyword).isEmpty)
    }

    @Test func numbersKeepRangeOperatorsOut() {
        #expect(runs("0..<10 + 1_000 + 0xFF + 3.14 + 1e-9 + x1", style: number) == ["0", "10", "1_000", "0xFF", "3.14", "1e-9"])
    }

    @Test func typeNamesAreCapitalisedIdentifiers() {
        #expect(runs("let feed: PhotoFeed = photoFeed as! Self", style: type) == ["PhotoFeed"])
        #expect(runs("let feed: PhotoFeed = photoFeed as! Self", style: keyword) == ["let", "as", "Self"])
    }

    @Test func membersAndBackquotedNamesAreNotKeywords() {
        #expect(runs("x.default + .some(1) + `actor` + Foo.init() + .self", style: keyword) == ["init", "self"])
    }

    @Test func directivesAndMacrosReadLikeKeywords() {
        #expect(runs("#if DEBUG\n#expect(x)\n#endif", style: keyword) == ["#if", "#expect", "#endif"])
    }
}
