/// One lexeme of Swift source as the highlighter colours it: every character of the source is in
/// exactly one, so concatenating the lexemes of a source gives it back.
public struct SwiftLexeme: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// White space, names, operators and punctuation: everything left uncoloured.
        case plain
        /// A keyword, contextual ones included, or a directive or macro (`#if`, `#expect`).
        case keyword
        /// An attribute with its `@` (`@MainActor`, `@unchecked`).
        case attribute
        /// A whole string literal, its interpolations included, so they keep the string's colour.
        case string
        case comment
        case number
        /// A capitalised name (`PhotoFeed`, `Self` aside, which is a keyword).
        case typeName
        /// A whole regex literal, bare (`/a+/`) or extended (`#/a+/#`).
        case regex
    }

    public var kind: Kind
    public var text: String
}

extension SwiftTokenizer {
    /// Every lexeme of `source`, in order; adjacent `.plain` ones are merged.
    public static func lexemes(in source: String) -> [SwiftLexeme] {
        var lexer = Lexer(Array(source.unicodeScalars))
        lexer.run()
        var builder = LexemeBuilder(scalars: lexer.s, spans: lexer.spans)
        return builder.build()
    }
}

/// Turns the lexer's spans into lexemes: a string literal with everything inside it becomes one,
/// an `@` or a lone `#` joins the name after it, and names are told apart by their spelling.
private struct LexemeBuilder {
    let scalars: [Unicode.Scalar]
    let spans: [SwiftTokenizer.Span]
    private var lexemes: [SwiftLexeme] = []

    init(scalars: [Unicode.Scalar], spans: [SwiftTokenizer.Span]) {
        self.scalars = scalars
        self.spans = spans
    }

    mutating func build() -> [SwiftLexeme] {
        var index = 0
        while index < spans.count {
            let span = spans[index]
            var end = index + 1
            let kind: SwiftLexeme.Kind
            switch span.kind {
            case .whitespace, .token(_, backquoted: true), .interpolationEnd:
                kind = .plain
            case .lineComment, .blockComment:
                kind = .comment
            case .regexLiteral:
                kind = .regex
            case .stringStart, .stringContent, .stringEnd, .interpolationStart:
                end = stringEnd(from: index)
                kind = .string
            case .token(.number, _):
                kind = .number
            case .token(.identifier, _):
                kind = wordKind(at: span.range)
            case .token(.punctuation, _) where joinsNextName(index):
                end = index + 2
                kind = scalars[span.range.lowerBound] == "@" ? .attribute : .keyword
            case .token:
                kind = .plain
            }
            append(kind, spans[index].range.lowerBound..<spans[end - 1].range.upperBound)
            index = end
        }
        return lexemes
    }

    /// The index after the span that closes the string literal opening at `start`: the literal
    /// takes in its interpolations, strings nested in them included, and an unclosed one runs on.
    private func stringEnd(from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < spans.count {
            switch spans[index].kind {
            case .stringStart: depth += 1
            case .stringEnd: depth -= 1
            default: break
            }
            index += 1
            if depth <= 0 { break }
        }
        return index
    }

    /// Whether the punctuation at `index` is an `@` or a lone `#` right before a name
    /// (`@MainActor`, `#if`), which reads as one attribute or keyword; `##if` does not.
    private func joinsNextName(_ index: Int) -> Bool {
        let span = spans[index]
        let mark = scalars[span.range.lowerBound]
        guard mark == "@" || mark == "#", index + 1 < spans.count else { return false }
        let next = spans[index + 1]
        guard next.kind == .token(.identifier, backquoted: false), next.range.lowerBound == span.range.upperBound,
            let first = text(next.range).first, first == "_" || first.isLetter
        else { return false }
        if mark == "#", index > 0, spans[index - 1].range.upperBound == span.range.lowerBound,
            spans[index - 1].kind == .token(.punctuation, backquoted: false),
            scalars[spans[index - 1].range.lowerBound] == "#"
        {
            return false
        }
        return true
    }

    /// Keywords, except as members after a dot (`.default`, `.some`) where only a few stay
    /// keywords (`.init`, `.self`); capitalised names are types; `$0` and the rest are plain.
    private func wordKind(at range: Range<Int>) -> SwiftLexeme.Kind {
        let word = text(range)
        let isMember = range.lowerBound > 0 && scalars[range.lowerBound - 1] == "."
        if SwiftLexeme.keywords.contains(word), !isMember || SwiftLexeme.memberKeywords.contains(word) {
            return .keyword
        }
        if let first = word.first, first.isUppercase {
            return .typeName
        }
        return .plain
    }

    private func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    private mutating func append(_ kind: SwiftLexeme.Kind, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if kind == .plain, let last = lexemes.last, last.kind == .plain {
            lexemes[lexemes.count - 1].text += text(range)
        } else {
            lexemes.append(SwiftLexeme(kind: kind, text: text(range)))
        }
    }
}
