/// A construct an exercise may forbid, as written in `course.toml`.
public struct ConstructPattern: Sendable, Equatable {
    public var id: String
    /// Swift tokens, e.g. `DispatchQueue` or `Task.detached`; the white space between
    /// them in the pattern does not matter, as it does not in the source.
    public var pattern: String
}

/// Where a forbidden construct was found.
public struct ConstructMatch: Sendable, Equatable {
    public var constructID: String
    /// 1-based line and column of the construct's first token.
    public var line: Int
    public var column: Int
    /// The source line the construct starts on, trimmed, to quote it back to the learner.
    public var lineText: String
}

/// Finds forbidden constructs in a learner's source.
///
/// The learner's code must pass the exercise's tests without the escape hatches that would make
/// them pass trivially. Matching tokens rather than text means a construct is found however it is
/// spaced or split across lines, is not found in comments or strings (where explaining it is
/// fine), and a name matches only as a whole (`DispatchQueueish` is not `DispatchQueue`).
public enum ForbiddenConstructScanner {
    /// Every occurrence of every pattern, in source order; several patterns found at the same
    /// place come in the order of `patterns`. A pattern without tokens matches nothing.
    public static func scan(_ source: String, for patterns: [ConstructPattern]) -> [ConstructMatch] {
        let wanted = patterns.map { pattern in
            // A final `*` makes the last name a prefix: `@_*` is `@` then any name starting with `_`.
            let prefix = pattern.pattern.hasSuffix("*")
            let text = prefix ? String(pattern.pattern.dropLast()) : pattern.pattern
            return (id: pattern.id, tokens: SwiftTokenizer.codeTokens(in: text), prefix: prefix)
        }
        .filter { !$0.tokens.isEmpty }
        guard !wanted.isEmpty else { return [] }
        let tokens = SwiftTokenizer.codeTokens(in: source)
        var lines: [String]?
        var matches: [ConstructMatch] = []
        for start in tokens.indices {
            for pattern in wanted where tokensMatch(pattern.tokens, prefix: pattern.prefix, in: tokens, at: start) {
                let sourceLines = lines ?? Self.lines(of: source)
                lines = sourceLines
                let token = tokens[start]
                let lineText = token.line <= sourceLines.count ? sourceLines[token.line - 1] : ""
                matches.append(
                    ConstructMatch(
                        constructID: pattern.id, line: token.line, column: token.column, lineText: lineText
                    ))
            }
        }
        return matches
    }

    private static func tokensMatch(_ pattern: [SwiftToken], prefix: Bool, in tokens: [SwiftToken], at start: Int) -> Bool {
        guard tokens.count - start >= pattern.count else { return false }
        for (offset, wanted) in pattern.enumerated() {
            let token = tokens[start + offset]
            guard token.kind == wanted.kind else { return false }
            let isLast = offset == pattern.count - 1
            guard prefix && isLast ? token.text.hasPrefix(wanted.text) : token.text == wanted.text else { return false }
        }
        return true
    }

    /// The source's lines, trimmed, split where the tokenizer counts lines: at `\n`, `\r\n` and `\r`.
    private static func lines(of source: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in source.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            if scalar == "\n", previousWasCR { continue }
            if scalar == "\n" || scalar == "\r" {
                lines.append(trimmed(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(trimmed(current))
        return lines
    }

    private static func trimmed(_ scalars: String.UnicodeScalarView) -> String {
        let isBlank: (Unicode.Scalar) -> Bool = { $0.properties.isWhitespace }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
            let last = scalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
