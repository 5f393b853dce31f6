extension SwiftTokenizer {
    /// The source as the compiler parses it, less what it ignores: each run of white space and
    /// comments becomes one newline (if it spans a line break) or one space, everything else —
    /// string contents included — stays as written. Two files with the same normalized text have
    /// the same tokens with the same kinds of gap between them (Swift's operators and statements
    /// depend on those gaps), so the compiler understands them alike; only positions differ.
    public static func normalizedCode(in source: String) -> String {
        var lexer = Lexer(Array(source.unicodeScalars))
        lexer.run()
        var result = String.UnicodeScalarView()
        var gap: Unicode.Scalar?
        for span in lexer.spans {
            switch span.kind {
            case .whitespace, .lineComment, .blockComment:
                let breaksLine = lexer.s[span.range].contains { $0 == "\n" || $0 == "\r" }
                // A line comment ends before its line break, which is a white-space span of its own.
                if breaksLine { gap = "\n" } else if gap == nil { gap = " " }
            default:
                if let separator = gap { result.append(separator) }
                gap = nil
                result.append(contentsOf: lexer.s[span.range])
            }
        }
        return String(result)
    }
}
