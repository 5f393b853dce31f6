/// A place in a course file, as an editor shows it: both numbers 1-based.
struct TOMLLocation: Equatable, Sendable {
    var line: Int
    var column: Int
}

/// Walks a course file one Unicode scalar at a time and always knows its line and column.
///
/// Scalars rather than `Character`s: the parser only ever compares ASCII punctuation, scalars are
/// much cheaper than grapheme breaking, and a column then means the same thing whatever the text
/// holds. CRLF is recognised here, in `isAtNewline` and `skipNewline()`, so that no other part of
/// the parser has to think about line endings.
///
/// Only `skipNewline()` may step over a line break; `advance` is for scalars already known not to
/// be one, which is what keeps `line` right.
struct TOMLCursor {
    private let scalars: [Unicode.Scalar]
    private var offset = 0
    private(set) var line = 1
    private var lineStart = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        // A byte-order mark is an encoding detail, not content; skipping it also keeps the columns
        // of line 1 the ones the author sees.
        if scalars.first == "\u{FEFF}" {
            offset = 1
            lineStart = 1
        }
    }

    var location: TOMLLocation {
        TOMLLocation(line: line, column: offset - lineStart + 1)
    }

    var isAtEnd: Bool {
        offset >= scalars.count
    }

    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = offset + ahead
        return index < scalars.count ? scalars[index] : nil
    }

    mutating func advance(_ count: Int = 1) {
        offset = min(offset + count, scalars.count)
    }

    /// Whether the text continues with `literal`.
    func isAt(_ literal: String) -> Bool {
        var index = offset
        for scalar in literal.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    /// Steps over `scalar` if it comes next.
    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard peek() == scalar else { return false }
        advance()
        return true
    }

    /// Whether a line break starts `ahead` scalars from here; LF and CRLF are the same break.
    func isAtNewline(_ ahead: Int = 0) -> Bool {
        peek(ahead) == "\n" || (peek(ahead) == "\r" && peek(ahead + 1) == "\n")
    }

    /// Steps over one line break, if one comes next.
    mutating func skipNewline() -> Bool {
        if peek() == "\r" && peek(1) == "\n" {
            offset += 2
        } else if peek() == "\n" {
            offset += 1
        } else {
            return false
        }
        line += 1
        lineStart = offset
        return true
    }

    /// Steps over spaces and tabs, the only white space TOML allows inside a line.
    mutating func skipSpaces() {
        while peek() == " " || peek() == "\t" {
            offset += 1
        }
    }

    /// Steps over a comment, up to (not including) the end of its line.
    mutating func skipComment() {
        guard peek() == "#" else { return }
        while !isAtEnd && !isAtNewline() {
            offset += 1
        }
    }

    /// Steps over spaces, comments and line breaks: what may separate the elements of an array.
    mutating func skipSpacesCommentsAndNewlines() {
        repeat {
            skipSpaces()
            skipComment()
        } while skipNewline()
    }

    func error(_ message: String, at location: TOMLLocation? = nil) -> TOMLError {
        let place = location ?? self.location
        return TOMLError(line: place.line, column: place.column, message: message)
    }

    /// What comes next, for messages: a quoted word, or a name for what can't be quoted.
    ///
    /// A word rather than a single scalar, because "found 'yes'" says more than "found 'y'"; but
    /// punctuation alone, because "found ','" says more than "found ',2]'".
    func describeUpcoming() -> String {
        guard let first = peek() else { return "the end of the file" }
        if isAtNewline() { return "the end of the line" }
        if first.isTOMLControl { return "the control character \(first.tomlCodePoint)" }
        if first.isTOMLPunctuation { return "'\(Character(first))'" }
        var word = String.UnicodeScalarView()
        var index = 0
        while let scalar = peek(index), index < 24, !scalar.isTOMLPunctuation {
            word.append(scalar)
            index += 1
        }
        let ellipsis = peek(index).map { !$0.isTOMLPunctuation } ?? false
        return "'\(String(word))\(ellipsis ? "…" : "")'"
    }
}

extension Unicode.Scalar {
    /// A letter, digit, `_` or `-`: the characters of a key that needs no quotes.
    var isTOMLBareKeyScalar: Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: true
        default: false
        }
    }

    /// A control character; TOML allows only tab (and line breaks in multi-line strings) in text,
    /// since the others are invisible in an editor.
    var isTOMLControl: Bool {
        value < 0x20 || value == 0x7F
    }

    /// White space, a control character, or a delimiter: what ends a word in a message.
    fileprivate var isTOMLPunctuation: Bool {
        switch self {
        case " ", "\t", ",", "[", "]", "{", "}", "=", "#": true
        default: isTOMLControl
        }
    }

    /// `U+000D`, the way messages name a scalar that can't be shown.
    var tomlCodePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// The key as it would be written in a header: bare if it can be, quoted otherwise.
    var tomlKeyDisplay: String {
        if !isEmpty, unicodeScalars.allSatisfy(\.isTOMLBareKeyScalar) { return self }
        var quoted = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
