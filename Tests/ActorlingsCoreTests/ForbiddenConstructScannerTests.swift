import Testing

@testable import ActorlingsCore

@Suite("Forbidden constructs")
struct ForbiddenConstructScannerTests {
    static let unchecked = ConstructPattern(id: "unchecked-sendable", pattern: "@unchecked Sendable")
    static let nonisolatedUnsafe = ConstructPattern(id: "nonisolated-unsafe", pattern: "nonisolated(unsafe)")
    static let preconcurrency = ConstructPattern(id: "preconcurrency", pattern: "@preconcurrency")
    static let dispatchQueue = ConstructPattern(id: "dispatch-queue", pattern: "DispatchQueue")
    static let detached = ConstructPattern(id: "task-detached", pattern: "Task.detached")
    static let all = [unchecked, nonisolatedUnsafe, preconcurrency, dispatchQueue, detached]

    private func ids(in source: String, for patterns: [ConstructPattern] = all) -> [String] {
        ForbiddenConstructScanner.scan(source, for: patterns).map(\.constructID)
    }

    // MARK: Matching code

    @Test(
        "@unchecked Sendable is found however it is spaced",
        arguments: [
            "final class Box: @unchecked Sendable {}",
            "final class Box: @unchecked  Sendable {}",
            "final class Box: @unchecked\nSendable {}",
            "final class Box: @unchecked\r\n    Sendable {}",
            "final class Box: @unchecked /* x */ Sendable {}",
            "final class Box: @unchecked /* /* nested */ */ Sendable {}",
            "final class Box: @unchecked // why not\n Sendable {}",
            "final class Box: @unchecked\tSendable {}",
            "extension Box: @unchecked Sendable, Equatable {}",
        ])
    func uncheckedSendableFound(source: String) {
        #expect(ids(in: source) == ["unchecked-sendable"])
    }

    @Test(
        "Comments, strings and longer names never match",
        arguments: [
            "// final class Box: @unchecked Sendable {}",
            "/// Not `@unchecked Sendable`, on purpose.",
            "/* @unchecked Sendable */",
            "/** @unchecked Sendable */",
            "/* outer /* inner */ @unchecked Sendable */",
            #"let s = "@unchecked Sendable""#,
            #"let s = "\"@unchecked Sendable\"""#,
            "let s = \"\"\"\n    @unchecked Sendable\n    \\\"\"\"\n    DispatchQueue\n    \"\"\"",
            ##"let s = #"@unchecked Sendable"#"##,
            ##"let s = #"\"@unchecked Sendable"#"##,
            ###"let s = ##"a"# @unchecked Sendable"##"###,
            "let s = #\"\"\"\n\"\"\"\n@unchecked Sendable\n\"\"\"#",
            ##"let r = #/DispatchQueue\/#/#"##,
            "let r = ##/\nDispatchQueue /#\n/##",
            "final class Box: @uncheckedish Sendable {}",
            "final class Box: @unchecked Sendableish {}",
            "let q: DispatchQueueish = DispatchQueue_",
            "let q = MyDispatchQueue()",
            "let t = MyTask.detached",
            "let t = Task.detachedish",
            "nonisolated(nonsending) func f() async {}",
            "nonisolated var x: Int { 1 }",
            #"let s = "\("@unchecked Sendable")""#,
            ##"let s = #"\(DispatchQueue.main)"#"##,
            #"let s = "\(x) DispatchQueue""#,
        ])
    func notFound(source: String) {
        #expect(ids(in: source).isEmpty)
    }

    @Test(
        "Interpolations are code",
        arguments: [
            #"print("queue: \(DispatchQueue.main)")"#,
            ##"print(#"queue: \#(DispatchQueue.main)"#)"##,
            ###"print(##"queue: \##(DispatchQueue.main)"##)"###,
            #"print("a \(f("b \(g(DispatchQueue.main))")) c")"#,
            "print(\"\"\"\n    \\(DispatchQueue.main)\n    \"\"\")",
            #"print("\((1, 2)) \(DispatchQueue.main)")"#,
        ])
    func interpolationsAreCode(source: String) {
        #expect(ids(in: source) == ["dispatch-queue"])
    }

    @Test(
        "nonisolated(unsafe) is found however the pattern and the source are spaced",
        arguments: [
            "nonisolated(unsafe)", "nonisolated ( unsafe )", "nonisolated(  unsafe)",
        ],
        [
            "nonisolated(unsafe) var counter = 0",
            "nonisolated ( unsafe ) var counter = 0",
            "nonisolated\n(unsafe)\nvar counter = 0",
            "nonisolated(/* hmm */unsafe) var counter = 0",
        ])
    func nonisolatedUnsafe(pattern: String, source: String) {
        let construct = ConstructPattern(id: "nonisolated-unsafe", pattern: pattern)
        #expect(ids(in: source, for: [construct]) == ["nonisolated-unsafe"])
    }

    @Test(
        "Qualified and escaped names match",
        arguments: [
            ("Task.detached { await work() }", "task-detached"),
            ("Task .detached { }", "task-detached"),
            ("Task\n    .detached { }", "task-detached"),
            ("_Concurrency.Task.detached { }", "task-detached"),
            ("Task.`detached` { }", "task-detached"),
            ("Dispatch.DispatchQueue.main.async {}", "dispatch-queue"),
            ("`DispatchQueue`.main", "dispatch-queue"),
            ("@preconcurrency import Dispatch", "preconcurrency"),
            ("class A: @preconcurrency P {}", "preconcurrency"),
            ("let c = { DispatchQueue.main }", "dispatch-queue"),
        ])
    func qualifiedNames(source: String, expected: String) {
        #expect(ids(in: source) == [expected])
    }

    @Test("Operators are whole tokens")
    func operators() {
        let forceTry = ConstructPattern(id: "force-try", pattern: "try!")
        #expect(ids(in: "let x = try! load()", for: [forceTry]) == ["force-try"])
        #expect(ids(in: "let x = try load() != nil", for: [forceTry]).isEmpty)
        #expect(ids(in: "let x = try? load()", for: [forceTry]).isEmpty)
    }

    @Test("An empty pattern matches nothing, an empty source has nothing")
    func emptiness() {
        #expect(ids(in: "let x = 1", for: [ConstructPattern(id: "empty", pattern: "  // just a comment")]).isEmpty)
        #expect(ids(in: "").isEmpty)
        #expect(ids(in: "DispatchQueue", for: []).isEmpty)
    }

    // MARK: Positions

    @Test("Matches come in source order with line, column and the trimmed line")
    func positions() {
        let source = """
            import Dispatch
            /* a comment
               spanning lines */
            final class Box: @unchecked Sendable {
            \tlet queue = DispatchQueue(label: "q"); let other = DispatchQueue.main
            }
            let s = \"\"\"
                DispatchQueue
                \"\"\"
              nonisolated(unsafe) var counter = 0
            """
        let matches = ForbiddenConstructScanner.scan(source, for: Self.all)
        #expect(
            matches == [
                ConstructMatch(
                    constructID: "unchecked-sendable", line: 4, column: 18,
                    lineText: "final class Box: @unchecked Sendable {"),
                ConstructMatch(
                    constructID: "dispatch-queue", line: 5, column: 14,
                    lineText: #"let queue = DispatchQueue(label: "q"); let other = DispatchQueue.main"#),
                ConstructMatch(
                    constructID: "dispatch-queue", line: 5, column: 53,
                    lineText: #"let queue = DispatchQueue(label: "q"); let other = DispatchQueue.main"#),
                ConstructMatch(
                    constructID: "nonisolated-unsafe", line: 10, column: 3,
                    lineText: "nonisolated(unsafe) var counter = 0"),
            ])
    }

    @Test("Lines are counted the same with \\n, \\r\\n and \\r", arguments: ["\n", "\r\n", "\r"])
    func lineEndings(newline: String) {
        let source = ["// one", "let s = \"two\"", "/* three", " four */", "  Task.detached {}  ", ""]
            .joined(separator: newline)
        let matches = ForbiddenConstructScanner.scan(source, for: Self.all)
        #expect(matches == [ConstructMatch(constructID: "task-detached", line: 5, column: 3, lineText: "Task.detached {}")])
    }

    @Test("Several patterns at one place come in the order given")
    func samePlace() {
        let queue = ConstructPattern(id: "queue", pattern: "DispatchQueue")
        let main = ConstructPattern(id: "main-queue", pattern: "DispatchQueue.main")
        #expect(ids(in: "DispatchQueue.main.async {}", for: [main, queue]) == ["main-queue", "queue"])
    }

    @Test("An unterminated string ends at the end of its line")
    func unterminatedString() {
        let matches = ForbiddenConstructScanner.scan("let s = \"abc\nDispatchQueue.main", for: Self.all)
        #expect(matches.map(\.line) == [2])
    }

    // MARK: Tokens

    @Test("Tokens: kinds, texts and positions")
    func tokens() {
        let source = "@unchecked x != 1.5e-3 ..< `class` #\"raw\"# a?.b // c\n\u{FEFF}é $0 &x"
        let tokens = SwiftTokenizer.codeTokens(in: source)
        let summary = tokens.map { "\($0.text)@\($0.line):\($0.column)" }
        #expect(
            summary == [
                "@@1:1", "unchecked@1:2", "x@1:12", "!=@1:14", "1.5e-3@1:17", "..<@1:24", "class@1:28",
                "#\"@1:36", "a@1:44", "?@1:45", ".@1:46", "b@1:47", "é@2:2", "$0@2:4", "&@2:7", "x@2:8",
            ])
        #expect(
            tokens.map(\.kind) == [
                .punctuation, .identifier, .identifier, .operator, .number, .operator, .identifier,
                .stringLiteral, .identifier, .operator, .operator, .identifier, .identifier, .identifier,
                .operator, .identifier,
            ])
        #expect(SwiftTokenizer.codeTokens(in: "a+/* c */b").map(\.text) == ["a", "+", "b"])
    }

    // MARK: Robustness

    @Test(
        "Malformed input ends without crashing",
        arguments: [
            "\"", "\"\"\"", "#\"", "##\"\"\"", "/*", "/* /* */", "\\", "\\(", "\"\\(", "\"\\", "#\"\\#(",
            "#/", "##/\n", "`", "`abc", "@", "#", "\r", "\r\n\r", "\"\\(\"\\(\"\\(", "0x", "1e", "..",
            "\u{0}\u{1}\u{7F}", "\u{301}", "\"\u{301}\"DispatchQueue", "\"\"\"\\", "\"\\(/*", ")))",
        ])
    func malformed(source: String) {
        let tokens = SwiftTokenizer.codeTokens(in: source)
        #expect(Self.positionsAreValid(tokens, in: source))
        _ = ForbiddenConstructScanner.scan(source, for: Self.all)
    }

    @Test("Deep nesting neither overflows nor hangs")
    func deepNesting() {
        let interpolations = String(repeating: "\"\\(", count: 20_000) + "DispatchQueue"
        #expect(ids(in: interpolations) == ["dispatch-queue"])
        let comments = String(repeating: "/*", count: 20_000) + "DispatchQueue" + String(repeating: "*/", count: 20_000)
        #expect(ids(in: comments).isEmpty)
        #expect(ids(in: comments + "DispatchQueue") == ["dispatch-queue"])
    }

    @Test("Random and garbled input: no crash, no hang, every token where it says")
    func randomInput() {
        var random = SplitMix64(seed: 0x5EED)
        let fragments = [
            "\"", "\"\"\"", "#", "\\", "(", ")", "/*", "*/", "//", "\n", "\r\n", "\r", " ", "\\(",
            "\\#(", "#/", "/#", "`", "@unchecked", "Sendable", "DispatchQueue", ".", "Task", "detached",
            "é", "\u{301}", "!=", "..<", "1.5", "{", "}", "\t", "nonisolated", "unsafe",
        ]
        for round in 0..<3_000 {
            let source: String
            if round.isMultiple(of: 2) {
                let bytes = (0..<Int.random(in: 0...200, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                source = String(decoding: bytes, as: UTF8.self)
            } else {
                source = (0..<Int.random(in: 0...80, using: &random))
                    .map { _ in fragments[Int.random(in: 0..<fragments.count, using: &random)] }
                    .joined()
            }
            let tokens = SwiftTokenizer.codeTokens(in: source)
            #expect(Self.positionsAreValid(tokens, in: source), "\(source.debugDescription)")
            let matches = ForbiddenConstructScanner.scan(source, for: Self.all)
            #expect(matches.allSatisfy { $0.line >= 1 && $0.column >= 1 && !$0.lineText.isEmpty })
        }
    }

    /// True when each token's text (or, for a backticked name, the name in its backticks) is in
    /// the source at the token's line and column, and the tokens come in source order.
    static func positionsAreValid(_ tokens: [SwiftToken], in source: String) -> Bool {
        var lines: [[Unicode.Scalar]] = [[]]
        var previous: Unicode.Scalar?
        for scalar in source.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n", previous == "\r" { continue }
            if scalar == "\n" || scalar == "\r" { lines.append([]) } else { lines[lines.count - 1].append(scalar) }
        }
        var last = (0, 0)
        for token in tokens {
            guard token.line >= 1, token.line <= lines.count, token.column >= 1, (token.line, token.column) > last else {
                return false
            }
            last = (token.line, token.column)
            let text = Array(token.text.unicodeScalars)
            let rest = lines[token.line - 1].dropFirst(token.column - 1)
            guard !text.isEmpty, rest.starts(with: text) || rest.starts(with: ["`"] + text + ["`"]) else { return false }
        }
        return true
    }
}
