import Testing

@testable import ActorlingsCore

@Suite("Swift tokenizer")
struct SwiftTokenizerTests {
    /// The regex literals in `source`, whole, delimiters included.
    private func regexLiterals(in source: String) -> [String] {
        var lexer = SwiftTokenizer.Lexer(Array(source.unicodeScalars))
        lexer.run()
        return lexer.spans.filter { $0.kind == .regexLiteral }.map { lexer.text($0.range) }
    }

    // MARK: Regex literals or division

    /// Every expectation here is what `swiftc -swift-version 6 -dump-parse` printed for the same
    /// source with Swift 6.3.1 (`regex_literal_expr text="…"` versus `/` operators), written
    /// down when this lexer learnt bare regex literals. Sources that do not compile are here too:
    /// the compiler still decides there where code is, and a scanner must not decide otherwise.
    @Test(
        "A / opens a regex literal where the compiler says so",
        arguments: [
            // A `/` that looks like a prefix operator opens one if a literal closes on the line.
            ("let r = /\"\"\"/", ["/\"\"\"/"]),
            ("let r = /a b/", ["/a b/"]),
            ("foo(/abc/)", ["/abc/"]),
            ("let a = [/a/, /b/]", ["/a/", "/b/"]),
            ("let m = /abc/.wholeMatch(in: s)", ["/abc/"]),
            ("let z = x + /y/", ["/y/"]),
            ("let y = x ? /a/ : /b/", ["/a/", "/b/"]),
            ("let r = /a/ ; let s = /\"\"\"/", ["/a/", "/\"\"\"/"]),
            ("let r = /a*/", ["/a*/"]),
            // …even after an operand: the compiler then ends the statement (an error) and
            // starts a new one with the regex literal.
            ("let y = \"s\" /a/", ["/a/"]),
            ("let s = a\n/abc/", ["/abc/"]),
            // Operator characters before the first `/` are a prefix operator (`^^(/x/)`).
            ("let z = ^^/x/", ["/x/"]),
            ("let y = -/a/", ["/a/"]),
            // Touching what is before it, a `/` is an infix or postfix operator.
            ("let y = x/2/3", []),
            ("let y = (a)/b/c", []),
            ("let z = x+/y/", []),
            ("let y = x-/a/", []),
            ("let y = \"s\"/a/", []),
            ("let y = x?/a/", []),
            ("x = y!/a/", []),
            ("bar(/x)/2", []),
            // Spaced on both sides, it is division after an operand…
            ("let x = a / b / c", []),
            ("x /= 2", []),
            ("let b = 0 /^/ 1", []),
            ("let y = true / a/", []),
            ("let s = a\n/ b/", []),
            ("x.reduce(1, /) / 5", []),
            ("let d = h[/] / 2", []),
            // …but a regex literal where an expression must start, even starting with a space
            // (the compiler diagnoses it) or left open (it then ends with the line).
            ("let r = / a b/", ["/ a b/"]),
            ("return / a/", ["/ a/"]),
            ("await / a/", ["/ a/"]),
            ("let y = x ?? / a/", ["/ a/"]),
            ("let t = try? /^ x/", ["/^ x/"]),
            ("f(/ a, b/)", ["/ a, b/"]),
            ("let y = [/ , /]", ["/ , /"]),
            ("#if DEBUG\n/ a/\n#endif", ["/ a/"]),
            ("let y = /", ["/"]),
            ("let y = x ?? /", ["/"]),
            ("let y = [/]", ["/]"]),
            // An operator alone before `,` or the closing bracket of an argument list is a
            // reference to the operator, unless a regex literal that passes the checks follows.
            ("f(/, /)", []),
            ("f(/ , b/)", []),
            ("let y = (/)", []),
            ("f(/,/)", ["/,/"]),
            ("f(/a, b/)", ["/a, b/"]),
            ("f(a: /, b/)", ["/, b/"]),
            ("let d = h[/]/2", ["/]/"]),
            // Not a regex literal: ends with a space, has a tab, an unbalanced `)`, no closing `/`
            // on its line, or a closing `/` that starts a comment.
            ("let r = /a b /", []),
            ("let r = /a\tb/", []),
            ("let r = /a)/", []),
            ("let q = !/y / .foo()", []),
            ("let r = /abc", []),
            ("let r = /abc\nlet s = 1/", []),
            ("let v = /a//", []),
            ("let v = /a/*c*/", []),
            ("let v = /a/ //c", ["/a/"]),
            // Groups, escapes and classes: a `)` in a class or escaped is balanced, but a `/`
            // closes the literal even inside a class.
            ("let r = /(a)/", ["/(a)/"]),
            ("let r = /[)]/", ["/[)]/"]),
            ("let r = /\\)/", ["/\\)/"]),
            ("let r = /a\\/b/", ["/a\\/b/"]),
            ("let r = /[/]/", ["/[/"]),
            // Declaring an operator named with `/`.
            ("infix operator /^/", []),
            ("func /(l: Int, r: Int) -> Int { 0 }", []),
            ("prefix func /(x: Int) -> Int { x }", []),
            // In interpolations.
            ("let r = \"\\(/a/)\"", ["/a/"]),
            ("let r = \"\\( / a/)\"", ["/ a/"]),
            // Extended literals: exactly as many `#`s close one as opened it; one whose `#/` ends
            // its line spans lines, and if never closed ends at that line's end.
            ("let r = #/a/#", ["#/a/#"]),
            ("let r = #/a/##", ["#/a/#"]),
            ("let r = #/\na/b\n/#", ["#/\na/b\n/#"]),
            ("let r = #/\nabc", ["#/"]),
        ])
    func regexLiteralOrDivision(source: String, expected: [String]) {
        #expect(regexLiterals(in: source) == expected)
    }

    /// Each of these compiles (checked with `swiftc -swift-version 6 -typecheck`), and the code
    /// after the regex literal is code. Read as division, the `"`, `//` or `/*` in the literal
    /// would start a string or a comment and hide it.
    @Test(
        "Code after a regex literal is code",
        arguments: [
            "let r = /\"\"\"/\nlet q = DispatchQueue.main\nlet s = /\"\"\"/",
            "let r = /\"/ ; let q = DispatchQueue.main",
            "let r = /#\"/ ; let q = DispatchQueue.main",
            "let r = /a\\// ; let q = DispatchQueue.main",
            "let r = /a\\/*/ ; let q = DispatchQueue.main\n// */",
            "let ok = x.contains(/\"/) && DispatchQueue.main.isEmpty",
        ])
    func codeAfterRegexLiteral(source: String) {
        let construct = ConstructPattern(id: "dispatch-queue", pattern: "DispatchQueue")
        #expect(ForbiddenConstructScanner.scan(source, for: [construct]).map(\.constructID) == ["dispatch-queue"])
    }

    @Test("Division is not a regex literal: `/\"` then code is not a string")
    func divisionKeepsStrings() {
        let source = "let x = a / b; let s = \"DispatchQueue\" / 2"
        #expect(SwiftTokenizer.codeTokens(in: source).map(\.text) == ["let", "x", "=", "a", "/", "b", ";", "let", "s", "=", "\"", "/", "2"])
    }

    @Test("A regex literal is one token for its opening delimiter, at its position")
    func regexTokens() {
        let tokens = SwiftTokenizer.codeTokens(in: "let r = ^^/a\"b/\nlet e = #/x/# + y")
        #expect(
            tokens.map { "\($0.text)@\($0.line):\($0.column)" } == [
                "let@1:1", "r@1:5", "=@1:7", "^^@1:9", "/@1:11", "let@2:1", "e@2:5", "=@2:7", "#/@2:9", "+@2:15", "y@2:17",
            ])
        #expect(tokens[4].kind == .regexLiteral && tokens[8].kind == .regexLiteral && tokens[3].kind == .operator)
    }

    // MARK: Lexemes

    @Test("Lexemes: kinds and exact text")
    func lexemeKinds() {
        let source = "@MainActor let r = /a+/ // c\n#if DEBUG\nx.default = 0x1F + \"s\\(1)\" as! Self\n#endif"
        let lexemes = SwiftTokenizer.lexemes(in: source)
        #expect(
            lexemes.map(\.kind) == [
                .attribute, .plain, .keyword, .plain, .regex, .plain, .comment, .plain, .keyword, .plain, .typeName,
                .plain, .number, .plain, .string, .plain, .keyword, .plain, .keyword, .plain, .keyword,
            ])
        #expect(lexemes.filter { $0.kind == .regex || $0.kind == .string }.map(\.text) == ["/a+/", "\"s\\(1)\""])
    }

    @Test(
        "Lexemes give back their source",
        arguments: [
            "", "let r = /\"\"\"/\nlet s = 1", "\"\\(/a/) \\(\"x\") \\(", "#/\nunclosed", "/* /* */", "`a` $0 ##if #if",
            "e\u{301} \"\u{301}\" \r\n\t\u{FEFF}", "\\", "##/a/##", "/",
        ])
    func lexemesGiveBackTheirSource(source: String) {
        #expect(SwiftTokenizer.lexemes(in: source).map(\.text).joined() == source)
    }

    @Test("Random sources: lexemes give them back, scalar for scalar, and plain ones are merged")
    func randomSourcesRoundTrip() {
        let fragments = [
            "/", "//", "/*", "*/", "\"", "\"\"\"", "#", "\\", "(", ")", "[", "]", "{", "}", ",", ":", " ", "\t", "\n", "\r\n",
            "\r", "a", "Self", "let", "return", "func", "try", "?", "!", "=", "+", "^", "1", "0x", ".", "@", "`", "$", "é",
            "\u{301}", "\\(", "\\#(", "#/", "/#", "DispatchQueue",
        ]
        var random = SplitMix64(seed: 0x1E7E)
        for round in 0..<2_000 {
            let source: String
            if round.isMultiple(of: 4) {
                let bytes = (0..<Int.random(in: 0...120, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                source = String(decoding: bytes, as: UTF8.self)
            } else {
                source = (0..<Int.random(in: 0...60, using: &random))
                    .map { _ in fragments[Int.random(in: 0..<fragments.count, using: &random)] }
                    .joined()
            }
            let lexemes = SwiftTokenizer.lexemes(in: source)
            let joined = lexemes.map(\.text).joined()
            #expect(Array(joined.unicodeScalars) == Array(source.unicodeScalars), "\(source.debugDescription)")
            #expect(lexemes.allSatisfy { !$0.text.isEmpty })
            #expect(zip(lexemes, lexemes.dropFirst()).allSatisfy { $0.kind != .plain || $1.kind != .plain })
            let tokens = SwiftTokenizer.codeTokens(in: source)
            #expect(ForbiddenConstructScannerTests.positionsAreValid(tokens, in: source), "\(source.debugDescription)")
        }
    }
}

@Suite("Normalized code")
struct NormalizedCodeTests {
    @Test(
        "Comments and the amount of white space change nothing",
        arguments: [
            ("let a = 1 // one\nlet b = 2", "let a = 1\nlet b = 2"),
            ("// Solved by student 7.\nfunc f() {}", "\nfunc f() {}"),
            ("let x = /* inline */ 3", "let x = 3"),
            ("let x =\t\t3   +  4", "let x = 3 + 4"),
            ("f(a,\n\n\n   b)", "f(a,\nb)"),
            ("let s = \"a  // not a comment\"", "let s = \"a  // not a comment\""),
            ("/* a\nb */let y = 1", "\nlet y = 1"),
        ])
    func same(source: String, normalized: String) {
        #expect(SwiftTokenizer.normalizedCode(in: source) == normalized)
    }

    @Test(
        "Gaps the compiler reads stay different",
        arguments: [
            ("let y = x -1", "let y = x - 1"),
            ("a\nb", "a b"),
            ("let s = \"a b\"", "let s = \"a  b\""),
            ("let r = x!", "let r = x !"),
        ])
    func different(first: String, second: String) {
        #expect(SwiftTokenizer.normalizedCode(in: first) != SwiftTokenizer.normalizedCode(in: second))
    }
}
