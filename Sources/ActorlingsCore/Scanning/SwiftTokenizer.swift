/// Splits Swift source into code tokens, dropping comments and the text of literals.
///
/// It is not a full Swift lexer: it only has to know where code is. It works on Unicode scalars,
/// as the compiler does on bytes, because grapheme clusters would glue a quote to a combining
/// mark that follows it and so misplace where a string starts. It keeps a stack of modes instead
/// of recursing, so that deeply nested interpolations cannot overflow the stack, and every step
/// consumes input or leaves a mode, so that malformed source always ends.
///
/// Known gap: bare regex literals (`/…/`) are lexed as operators; `#/…/#` ones are understood.
public enum SwiftTokenizer {
    /// The code tokens of `source`, in source order.
    public static func codeTokens(in source: String) -> [SwiftToken] {
        var lexer = Lexer(Array(source.unicodeScalars))
        lexer.run()
        return lexer.tokens
    }
}

private struct Lexer {
    private enum Mode {
        /// Code; in an interpolation, the `)` that closes it at depth 0 returns to the string.
        case code(depth: Int, interpolation: Bool)
        case string(pounds: Int, multiline: Bool)
    }

    private let s: [Unicode.Scalar]
    private var i = 0
    private var line = 1
    private var column = 1
    private var modes: [Mode] = [.code(depth: 0, interpolation: false)]
    private(set) var tokens: [SwiftToken] = []

    init(_ scalars: [Unicode.Scalar]) {
        s = scalars
    }

    mutating func run() {
        while i < s.count, let mode = modes.last {
            switch mode {
            case let .code(depth, interpolation):
                lexCode(depth: depth, interpolation: interpolation)
            case let .string(pounds, multiline):
                lexString(pounds: pounds, multiline: multiline)
            }
        }
    }

    // MARK: Code

    private mutating func lexCode(depth: Int, interpolation: Bool) {
        let c = s[i]
        switch c {
        case _ where Self.isSkipped(c):
            advance()
        case "/" where peek(1) == "/":
            while i < s.count, !Self.isNewline(s[i]) { advance() }
        case "/" where peek(1) == "*":
            skipBlockComment()
        case "(":
            emit(.punctuation, length: 1)
            modes[modes.count - 1] = .code(depth: depth + 1, interpolation: interpolation)
        case ")" where interpolation && depth == 0:
            advance()
            modes.removeLast()
        case ")":
            emit(.punctuation, length: 1)
            modes[modes.count - 1] = .code(depth: max(0, depth - 1), interpolation: interpolation)
        case "\"":
            openString(pounds: 0)
        case "#":
            let pounds = count(of: "#", from: i)
            if peek(pounds) == "\"" {
                openString(pounds: pounds)
            } else if peek(pounds) == "/" {
                skipRegex(pounds: pounds)
            } else {
                emit(.punctuation, length: 1)
            }
        case "`":
            lexBacktickIdentifier()
        case "0"..."9":
            lexNumber()
        case ".":
            emit(.operator, length: operatorLength(from: i, allowingDots: true))
        case _ where Self.isOperatorHead(c):
            emit(.operator, length: operatorLength(from: i, allowingDots: false))
        case _ where Self.isIdentifierCharacter(c):
            var end = i + 1
            while end < s.count, Self.isIdentifierCharacter(s[end]) || Self.isDigit(s[end]) { end += 1 }
            emit(.identifier, length: end - i)
        default:
            emit(.punctuation, length: 1)
        }
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
        tokens.append(SwiftToken(kind: .identifier, text: text, line: line, column: column))
        advance(end + 1 - i)
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

    // MARK: Literals

    /// At `pounds` `#`s followed by `"` or `"""`.
    private mutating func openString(pounds: Int) {
        let multiline = peek(pounds + 1) == "\"" && peek(pounds + 2) == "\""
        emit(.stringLiteral, length: pounds + (multiline ? 3 : 1))
        modes.append(.string(pounds: pounds, multiline: multiline))
    }

    private mutating func lexString(pounds: Int, multiline: Bool) {
        let c = s[i]
        if !multiline, Self.isNewline(c) {
            // Unterminated: the compiler ends a single-line string here, and so do we.
            modes.removeLast()
        } else if c == "\\", count(of: "#", from: i + 1) >= pounds {
            if peek(pounds + 1) == "(" {
                advance(pounds + 2)
                modes.append(.code(depth: 0, interpolation: true))
            } else {
                advance(pounds + 1)
                if i < s.count, multiline || !Self.isNewline(s[i]) { advance() }
            }
        } else if c == "\"", multiline, peek(1) == "\"", peek(2) == "\"", count(of: "#", from: i + 3) >= pounds {
            advance(3 + pounds)
            modes.removeLast()
        } else if c == "\"", !multiline, count(of: "#", from: i + 1) >= pounds {
            advance(1 + pounds)
            modes.removeLast()
        } else {
            advance()
        }
    }

    /// At `pounds` `#`s followed by `/`. Regex literals have no interpolation, so the whole
    /// literal is skipped here; one that starts a line of its own may span lines.
    private mutating func skipRegex(pounds: Int) {
        emit(.regexLiteral, length: pounds + 1)
        let multiline = i < s.count && Self.isNewline(s[i])
        while i < s.count {
            let c = s[i]
            if !multiline, Self.isNewline(c) { return }
            if c == "\\" {
                advance()
                if i < s.count, multiline || !Self.isNewline(s[i]) { advance() }
            } else if c == "/", count(of: "#", from: i + 1) >= pounds {
                advance(1 + pounds)
                return
            } else {
                advance()
            }
        }
    }

    // MARK: Moving

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        i + offset < s.count ? s[i + offset] : nil
    }

    private func count(of scalar: Unicode.Scalar, from start: Int) -> Int {
        var end = start
        while end < s.count, s[end] == scalar { end += 1 }
        return end - start
    }

    private mutating func emit(_ kind: SwiftToken.Kind, length: Int) {
        let end = min(i + length, s.count)
        let text = String(String.UnicodeScalarView(s[i..<end]))
        tokens.append(SwiftToken(kind: kind, text: text, line: line, column: column))
        advance(end - i)
    }

    private mutating func advance(_ count: Int = 1) {
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

    // MARK: Characters

    private static func isNewline(_ c: Unicode.Scalar) -> Bool {
        c == "\n" || c == "\r"
    }

    /// White space, control characters and the byte-order mark: nothing a construct is made of.
    private static func isSkipped(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || c.value == 0x7F || c.value == 0xFEFF || c.properties.isWhitespace
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(c)
    }

    private static func isASCIILetter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }

    /// Outside ASCII, anything that is neither white space nor an operator character counts as
    /// part of a name: close enough to Swift's tables, and a name is never split in two.
    private static func isIdentifierCharacter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIILetter(c) || c == "_" || c == "$" }
        return !isSkipped(c) && !isOperatorHead(c)
    }

    private static func isOperatorCharacter(_ c: Unicode.Scalar) -> Bool {
        if isOperatorHead(c) { return true }
        switch c.value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
            0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    /// The operator-head characters of The Swift Programming Language's lexical grammar.
    private static func isOperatorHead(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return "/=-+!*%<>&|^~?".unicodeScalars.contains(c) }
        switch c.value {
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0, 0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
            0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
            0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
            0x3008...0x3020, 0x3030:
            return true
        default:
            return false
        }
    }
}
