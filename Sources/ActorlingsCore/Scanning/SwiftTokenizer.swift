/// Actorlings' one Swift lexer: it tells code from comments and literals for the forbidden-construct
/// scanner, and colours lessons' examples for the highlighter.
///
/// It is not a full Swift lexer: it only has to know where code is, and must agree with the
/// compiler on that, or a learner could hide code in what the scanner takes for a literal. It
/// works on Unicode scalars, as the compiler does on bytes, because grapheme clusters would glue a
/// quote to a combining mark that follows it and so misplace where a string starts. It keeps a
/// stack of modes instead of recursing, so that deeply nested interpolations cannot overflow the
/// stack, and every step consumes input or leaves a mode, so that malformed source always ends.
///
/// A bare `/` starts a regex literal where the compiler's heuristics say so (SE-0354); see
/// `SwiftTokenizer+RegexLiterals.swift`.
public enum SwiftTokenizer {
    /// The code tokens of `source`, in source order.
    public static func codeTokens(in source: String) -> [SwiftToken] {
        var lexer = Lexer(Array(source.unicodeScalars))
        lexer.run()
        return lexer.tokens
    }
}

extension SwiftTokenizer {
    /// A stretch of the source and what it is. The spans of a run cover the source, in order.
    struct Span {
        enum Kind: Equatable {
            case whitespace
            case lineComment
            case blockComment
            /// A code token; a backquoted name is `.identifier`, with its backquotes.
            case token(SwiftToken.Kind, backquoted: Bool)
            /// The opening delimiter of a string literal, its `#`s included.
            case stringStart
            case stringContent
            /// The closing delimiter; empty for a single-line string left open at the end of a line.
            case stringEnd
            /// `\(` or `\#(`, and the `)` that closes it; the code between is spans of its own.
            case interpolationStart
            case interpolationEnd
            /// A whole regex literal, delimiters included.
            case regexLiteral
        }

        var kind: Kind
        var range: Range<Int>
    }

    struct Lexer {
        enum Mode {
            /// Code; in an interpolation, the `)` that closes it at depth 0 returns to the string,
            /// and `brackets` below `bracketFloor` belong to the code around the string.
            case code(depth: Int, interpolation: Bool, bracketFloor: Int)
            case string(pounds: Int, multiline: Bool)
        }

        /// An open `(`, `[` or `{`; the compiler parses an operator alone in an argument list
        /// (`f(/)`, `xs[/]`) as a reference to it, and tells a bare regex literal apart by that.
        struct Bracket {
            var closer: Unicode.Scalar
            var isArgumentList: Bool
        }

        let s: [Unicode.Scalar]
        var i = 0
        var line = 1
        var column = 1
        var modes: [Mode] = [.code(depth: 0, interpolation: false, bracketFloor: 0)]
        var brackets: [Bracket] = []
        private(set) var tokens: [SwiftToken] = []
        private(set) var spans: [Span] = []

        /// Whether an expression may start here, judged from the token before, as the compiler
        /// does to decide whether a `/` that looks like a binary operator opens a regex literal.
        var expressionMayStart = true
        /// The previous token's text and where it ended (`nil` text after a literal).
        var previousText: String?
        var previousEnd = 0
        /// After `try?` or `try!`, where no binary operator can follow.
        var afterTry = false
        /// On the line of an `#if` or `#elseif`, whose condition ends with the line.
        var inDirectiveLine = false

        init(_ scalars: [Unicode.Scalar]) {
            s = scalars
        }

        mutating func run() {
            while i < s.count, let mode = modes.last {
                switch mode {
                case let .code(depth, interpolation, floor):
                    lexCode(depth: depth, interpolation: interpolation, bracketFloor: floor)
                case let .string(pounds, multiline):
                    lexString(pounds: pounds, multiline: multiline)
                }
            }
        }

        // MARK: Code

        private mutating func lexCode(depth: Int, interpolation: Bool, bracketFloor: Int) {
            let c = s[i]
            let start = i
            switch c {
            case _ where Self.isSkipped(c):
                advance()
                record(.whitespace, from: start)
                if Self.isNewline(c), inDirectiveLine {
                    inDirectiveLine = false
                    expressionMayStart = true
                }
            case "/" where peek(1) == "/":
                while i < s.count, !Self.isNewline(s[i]) { advance() }
                record(.lineComment, from: start)
            case "/" where peek(1) == "*":
                skipBlockComment()
                record(.blockComment, from: start)
            case "(":
                brackets.append(Bracket(closer: ")", isArgumentList: true))
                emit(.punctuation, length: 1)
                modes[modes.count - 1] = .code(depth: depth + 1, interpolation: interpolation, bracketFloor: bracketFloor)
            case ")" where interpolation && depth == 0:
                advance()
                record(.interpolationEnd, from: start)
                modes.removeLast()
                brackets.removeSubrange(min(max(0, bracketFloor - 1), brackets.count)...)
            case ")":
                closeBracket(floor: bracketFloor)
                emit(.punctuation, length: 1)
                modes[modes.count - 1] = .code(depth: max(0, depth - 1), interpolation: interpolation, bracketFloor: bracketFloor)
            case "[", "{":
                // `xs[…]` is a subscript, an argument list; `[…]` alone is a collection literal.
                let isSubscript = c == "[" && isLeftBound(start)
                brackets.append(Bracket(closer: c == "[" ? "]" : "}", isArgumentList: isSubscript))
                emit(.punctuation, length: 1)
            case "]", "}":
                closeBracket(floor: bracketFloor)
                emit(.punctuation, length: 1)
            case "\"":
                openString(pounds: 0)
            case "#":
                let pounds = count(of: "#", from: i)
                if peek(pounds) == "\"" {
                    openString(pounds: pounds)
                } else if peek(pounds) == "/" {
                    lexExtendedRegex(pounds: pounds)
                } else {
                    emit(.punctuation, length: 1)
                }
            case "`":
                lexBacktickIdentifier()
            case "0"..."9":
                lexNumber()
            case ".":
                lexOperator(allowingDots: true)
            case _ where Self.isOperatorHead(c):
                lexOperator(allowingDots: false)
            case _ where Self.isIdentifierCharacter(c):
                var end = i + 1
                while end < s.count, Self.isIdentifierCharacter(s[end]) || Self.isDigit(s[end]) { end += 1 }
                emit(.identifier, length: end - i)
            default:
                emit(.punctuation, length: 1)
            }
        }

        private mutating func closeBracket(floor: Int) {
            if brackets.count > floor { brackets.removeLast() }
        }

        private mutating func skipBlockComment() {
            advance(2)
            var depth = 1
            while i < s.count, depth > 0 {
                if s[i] == "/", peek(1) == "*" {
                    depth += 1
                    advance(2)
                } else if s[i] == "*", peek(1) == "/" {
                    depth -= 1
                    advance(2)
                } else {
                    advance()
                }
            }
        }

        /// `` `name` `` is the name itself, so a backtick cannot smuggle a forbidden name past the
        /// scanner. Raw identifiers (`` `with spaces` ``) end at the next backtick on the line.
        private mutating func lexBacktickIdentifier() {
            var end = i + 1
            while end < s.count, s[end] != "`", !Self.isNewline(s[end]) { end += 1 }
            guard end < s.count, s[end] == "`", end > i + 1 else {
                emit(.punctuation, length: 1)
                return
            }
            let text = String(String.UnicodeScalarView(s[(i + 1)..<end]))
            emit(SwiftToken(kind: .identifier, text: text, line: line, column: column), upTo: end + 1, backquoted: true)
        }

        private mutating func lexNumber() {
            let isHex = s[i] == "0" && (peek(1) == "x" || peek(1) == "X")
            var end = i + 1
            while end < s.count {
                let c = s[end]
                if Self.isDigit(c) || Self.isASCIILetter(c) || c == "_" {
                    end += 1
                } else if c == ".", end + 1 < s.count, Self.isDigit(s[end + 1]) {
                    end += 1
                } else if c == "+" || c == "-",
                    isHex
                        ? "pP".unicodeScalars.contains(s[end - 1])
                        : "eE".unicodeScalars.contains(s[end - 1])
                {
                    end += 1
                } else {
                    break
                }
            }
            emit(.number, length: end - i)
        }

        /// An operator, or a bare regex literal that starts in what looks like one (`/a/`, `!/a/`).
        private mutating func lexOperator(allowingDots: Bool) {
            let end = i + operatorLength(from: i, allowingDots: allowingDots)
            guard let slash = s[i..<end].firstIndex(of: "/"), let regexEnd = bareRegexEnd(operator: i..<end, slash: slash)
            else {
                emit(.operator, length: end - i)
                return
            }
            if slash > i { emit(.operator, length: slash - i) }
            emitRegex(openingLength: 1, upTo: regexEnd)
        }

        /// Swift's rule: an operator starting with `.` may contain dots, any other may not; and
        /// `//` or `/*` always starts a comment, even in the middle of an operator.
        private func operatorLength(from start: Int, allowingDots: Bool) -> Int {
            var end = start + 1
            while end < s.count {
                let c = s[end]
                let fits = c == "." ? allowingDots : Self.isOperatorCharacter(c)
                let startsComment = c == "/" && end + 1 < s.count && (s[end + 1] == "/" || s[end + 1] == "*")
                guard fits, !startsComment else { break }
                end += 1
            }
            return end - start
        }

        // MARK: Strings

        /// At `pounds` `#`s followed by `"` or `"""`.
        private mutating func openString(pounds: Int) {
            let multiline = peek(pounds + 1) == "\"" && peek(pounds + 2) == "\""
            let length = pounds + (multiline ? 3 : 1)
            let token = SwiftToken(kind: .stringLiteral, text: text(i..<(i + length)), line: line, column: column)
            let start = i
            tokens.append(token)
            advance(to: i + length)
            record(.stringStart, from: start)
            modes.append(.string(pounds: pounds, multiline: multiline))
        }

        private mutating func lexString(pounds: Int, multiline: Bool) {
            let c = s[i]
            let start = i
            if !multiline, Self.isNewline(c) {
                // Unterminated: the compiler ends a single-line string here, and so do we.
                record(.stringEnd, from: start)
                modes.removeLast()
                noteLiteral()
            } else if c == "\\", count(of: "#", from: i + 1) >= pounds {
                if peek(pounds + 1) == "(" {
                    advance(pounds + 2)
                    record(.interpolationStart, from: start)
                    brackets.append(Bracket(closer: ")", isArgumentList: true))
                    modes.append(.code(depth: 0, interpolation: true, bracketFloor: brackets.count))
                    expressionMayStart = true
                    previousText = "("
                    previousEnd = i
                } else {
                    advance(pounds + 1)
                    if i < s.count, multiline || !Self.isNewline(s[i]) { advance() }
                    record(.stringContent, from: start)
                }
            } else if c == "\"", multiline, peek(1) == "\"", peek(2) == "\"", count(of: "#", from: i + 3) >= pounds {
                advance(3 + pounds)
                record(.stringEnd, from: start)
                modes.removeLast()
                noteLiteral()
            } else if c == "\"", !multiline, count(of: "#", from: i + 1) >= pounds {
                advance(1 + pounds)
                record(.stringEnd, from: start)
                modes.removeLast()
                noteLiteral()
            } else {
                advance()
                record(.stringContent, from: start)
            }
        }

        // MARK: Emitting

        func peek(_ offset: Int) -> Unicode.Scalar? {
            i + offset < s.count ? s[i + offset] : nil
        }

        func count(of scalar: Unicode.Scalar, from start: Int) -> Int {
            var end = start
            while end < s.count, s[end] == scalar { end += 1 }
            return end - start
        }

        func text(_ range: Range<Int>) -> String {
            String(String.UnicodeScalarView(s[range.clamped(to: 0..<s.count)]))
        }

        /// A code token of `length` scalars at the cursor.
        mutating func emit(_ kind: SwiftToken.Kind, length: Int) {
            let end = min(i + length, s.count)
            emit(SwiftToken(kind: kind, text: text(i..<end), line: line, column: column), upTo: end, backquoted: false)
        }

        private mutating func emit(_ token: SwiftToken, upTo end: Int, backquoted: Bool) {
            let start = i
            tokens.append(token)
            advance(to: end)
            record(.token(token.kind, backquoted: backquoted), from: start)
            noteToken(token.kind, text: backquoted ? nil : token.text, range: start..<end)
        }

        /// A regex literal from the cursor to `end`, standing as a token for its opening delimiter.
        mutating func emitRegex(openingLength: Int, upTo end: Int) {
            let start = i
            tokens.append(SwiftToken(kind: .regexLiteral, text: text(i..<(i + openingLength)), line: line, column: column))
            advance(to: end)
            record(.regexLiteral, from: start)
            noteLiteral()
        }

        /// Adds the span from `start` to the cursor, merged into the last one when that is the
        /// same kind of filler, so that a long string is not one span per character.
        private mutating func record(_ kind: Span.Kind, from start: Int) {
            let mergeable = kind == .whitespace || kind == .stringContent
            if mergeable, let last = spans.last, last.kind == kind, last.range.upperBound == start {
                spans[spans.count - 1].range = last.range.lowerBound..<i
            } else {
                spans.append(Span(kind: kind, range: start..<i))
            }
        }

        mutating func advance(to end: Int) {
            while i < end, i < s.count { advance() }
        }

        mutating func advance(_ count: Int = 1) {
            var remaining = count
            while remaining > 0, i < s.count {
                remaining -= 1
                let c = s[i]
                i += 1
                if c == "\r", i < s.count, s[i] == "\n" { i += 1 }
                if Self.isNewline(c) {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        }
    }
}
