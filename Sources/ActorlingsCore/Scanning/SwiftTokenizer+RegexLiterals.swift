/// Regex literals, and what the lexer remembers of the tokens before them to tell a bare regex
/// literal (`/a+/`) from division.
///
/// The rules are the compiler's (SE-0354 and the lexer's `tryLexRegexLiteral` heuristics), as
/// `swiftc -dump-parse` shows them; `SwiftTokenizerTests` keeps those observations as cases:
///
/// - `#/…/#` is always a regex literal; it spans lines when `#/` ends its line.
/// - A `/` that touches what is before it (`x/2`, `a)/b`, `x+/y/`) is an operator.
/// - After `func` or `operator`, a `/` names an operator (`prefix func /(x: Int)`).
/// - A `/` that looks like a prefix operator (`= /a/`, `(/a/)`, `x /a/`) opens a regex literal
///   only if one follows on the same line that does not start or end with a space or tab, has
///   no `)` without its `(`, contains no other control character, and whose closing `/` is not
///   the start of a comment (`/a//`, `/a/*`).
/// - A `/` with space on both sides is an operator after an operand (`a / b`, `true / 2`), but
///   opens a regex literal where an expression must start (`= / a/`, `return / a/`, `try? / a/`),
///   even an unterminated one that then runs to the end of its line. In an argument list,
///   an operator right before a `,` or the closing bracket (`f(/, /)`, `xs[/]`) only opens a
///   regex literal under the first rule's conditions.
/// - In an operator such as `!/a/`, the characters before the first `/` are a prefix operator.
extension SwiftTokenizer.Lexer {
    /// Keywords after which an expression starts, so a spaced `/` there opens a regex literal.
    private static let keywordsBeforeExpressions: Set<String> = [
        "as", "associatedtype", "await", "break", "case", "catch", "class", "continue", "default", "defer",
        "deinit", "do", "else", "enum", "extension", "fallthrough", "fileprivate", "for", "func", "guard",
        "if", "import", "in", "init", "inout", "internal", "is", "let", "operator", "precedencegroup",
        "private", "protocol", "public", "repeat", "rethrows", "return", "static", "struct", "subscript",
        "switch", "throw", "throws", "try", "typealias", "var", "where", "while",
    ]

    /// Directives after which an expression may start (the others, like `#available`, are operands).
    private static let conditionalDirectives: Set<String> = ["if", "elseif", "else", "endif"]

    /// Punctuation after which an operand may go on (`x[0] / 2`) or that cannot start one.
    private static let operandEnders: Set<String> = [")", "]", "}", "@", "#", "`", "\\"]

    // MARK: What came before

    /// Remembers a code token for the next `/`: whether an expression may start after it.
    mutating func noteToken(_ kind: SwiftToken.Kind, text: String?, range: Range<Int>) {
        let wasTry = previousText == "try"
        let afterPound = previousText == "#" && previousEnd == range.lowerBound
        afterTry = false
        switch kind {
        case .identifier:
            guard let text else {
                expressionMayStart = false
                break
            }
            if afterPound {
                expressionMayStart = Self.conditionalDirectives.contains(text)
                inDirectiveLine = text == "if" || text == "elseif"
            } else {
                expressionMayStart = Self.keywordsBeforeExpressions.contains(text)
            }
        case .number, .stringLiteral, .regexLiteral:
            expressionMayStart = false
        case .punctuation:
            expressionMayStart = !Self.operandEnders.contains(text ?? "")
        case .operator:
            let leftBound = isLeftBound(range.lowerBound)
            let rightBound = isRightBound(range.upperBound, leftBound: leftBound)
            switch text {
            case "=": expressionMayStart = true
            case "->", ".": expressionMayStart = false
            default: expressionMayStart = !leftBound || leftBound == rightBound
            }
            afterTry = wasTry && leftBound && (text == "?" || text == "!")
        }
        previousText = text
        previousEnd = range.upperBound
    }

    /// Remembers the end of a literal, an operand: what follows is not the start of an expression.
    mutating func noteLiteral() {
        expressionMayStart = false
        afterTry = false
        previousText = nil
        previousEnd = i
    }

    // MARK: Bare regex literals

    /// Where the bare regex literal that starts at `slash`, within the operator characters
    /// `operatorRange`, ends; `nil` if the compiler would read an operator there.
    mutating func bareRegexEnd(operator operatorRange: Range<Int>, slash: Int) -> Int? {
        let leftBound = isLeftBound(operatorRange.lowerBound)
        guard !leftBound, previousText != "func", previousText != "operator" else { return nil }
        var mustBeRegex = false
        if !isRightBound(operatorRange.upperBound, leftBound: leftBound) {
            // Spaced like a binary operator: which it is, unless an expression must start here.
            if afterTry {
                mustBeRegex = true
            } else {
                guard expressionMayStart else { return nil }
                mustBeRegex = !isUnappliedOperatorArgument(endingAt: operatorRange.upperBound)
            }
        }
        return scanBareRegex(from: slash, mustBeRegex: mustBeRegex)
    }

    /// Whether the operator ending at `end` stands alone as an argument (`f(/, /)`, `xs[/]`).
    private func isUnappliedOperatorArgument(endingAt end: Int) -> Bool {
        guard let bracket = brackets.last, bracket.isArgumentList, ["(", "[", ",", ":"].contains(previousText)
        else { return false }
        var next = end
        while next < s.count, Self.isSkipped(s[next]) { next += 1 }
        return next < s.count && (s[next] == "," || s[next] == bracket.closer)
    }

    /// The end of the bare regex literal whose `/` is at `start`. When `mustBeRegex` is false,
    /// anything doubtful means there is none; when true, the literal is taken as written, and
    /// one left open ends at the end of its line, as the compiler recovers.
    private func scanBareRegex(from start: Int, mustBeRegex: Bool) -> Int? {
        var j = start + 1
        if j < s.count, s[j] == "/" || s[j] == "*" { return nil }
        if j < s.count, s[j] == " " || s[j] == "\t", !mustBeRegex { return nil }
        var groups = 0
        var characterClasses = 0
        var lastSpace: Int?
        while j < s.count, !Self.isNewline(s[j]) {
            let c = s[j]
            switch c {
            case "/":
                if j + 1 < s.count, s[j + 1] == "/" || s[j + 1] == "*" { return mustBeRegex ? j : nil }
                if lastSpace == j - 1, !mustBeRegex { return nil }
                return j + 1
            case "\\":
                j += 1
                if j < s.count, Self.isNewline(s[j]) { return mustBeRegex ? j : nil }
            case "(" where characterClasses == 0:
                groups += 1
            case ")" where characterClasses == 0:
                if groups == 0, !mustBeRegex { return nil }
                groups = max(0, groups - 1)
            case "[":
                characterClasses += 1
            case "]":
                characterClasses = max(0, characterClasses - 1)
            case " ", "\t":
                if c == "\t", !mustBeRegex { return nil }
                lastSpace = j
            case _ where c.value < 0x20 || c.value == 0x7F:
                if !mustBeRegex { return nil }
            default:
                break
            }
            j += 1
        }
        return mustBeRegex ? min(j, s.count) : nil
    }

    // MARK: Extended regex literals

    /// At `pounds` `#`s followed by `/`. Regex literals have no interpolation, so the whole
    /// literal is one span. One whose `#/` ends its line (trailing spaces aside) spans lines; if
    /// it is never closed, the compiler reads on as code from that line's end, and so do we.
    mutating func lexExtendedRegex(pounds: Int) {
        var j = i + pounds + 1
        var firstNewline: Int?
        var scan = j
        while scan < s.count, s[scan] == " " || s[scan] == "\t" { scan += 1 }
        if scan < s.count, Self.isNewline(s[scan]) {
            firstNewline = scan
            j = scan
        }
        var end: Int?
        while end == nil, j < s.count {
            let c = s[j]
            if c == "/", count(of: "#", from: j + 1) >= pounds {
                // Exactly as many `#`s as opened it: `#/a/##` is `#/a/#` and a `#` after it.
                end = j + 1 + pounds
            } else if Self.isNewline(c), firstNewline == nil {
                end = j
            } else if c == "\\", j + 1 < s.count, firstNewline != nil || !Self.isNewline(s[j + 1]) {
                j += 2
            } else {
                j += 1
            }
        }
        emitRegex(openingLength: pounds + 1, upTo: end ?? firstNewline ?? s.count)
    }
}
