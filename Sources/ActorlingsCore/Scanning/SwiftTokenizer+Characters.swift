/// Which scalars make up what, after The Swift Programming Language's lexical grammar.
extension SwiftTokenizer.Lexer {
    static func isNewline(_ c: Unicode.Scalar) -> Bool {
        c == "\n" || c == "\r"
    }

    /// White space, control characters and the byte-order mark: nothing a construct is made of.
    static func isSkipped(_ c: Unicode.Scalar) -> Bool {
        c.value < 0x20 || c.value == 0x7F || c.value == 0xFEFF || c.properties.isWhitespace
    }

    static func isDigit(_ c: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(c)
    }

    static func isASCIILetter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }

    /// Outside ASCII, anything that is neither white space nor an operator character counts as
    /// part of a name: close enough to Swift's tables, and a name is never split in two.
    static func isIdentifierCharacter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isASCIILetter(c) || c == "_" || c == "$" }
        return !isSkipped(c) && !isOperatorHead(c)
    }

    static func isOperatorCharacter(_ c: Unicode.Scalar) -> Bool {
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
    static func isOperatorHead(_ c: Unicode.Scalar) -> Bool {
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

    // MARK: Operator spacing

    /// Whether the operator starting at `start` touches what comes before it. The compiler
    /// counts white space, an opening bracket, `,`, `;`, `:` and the end of a block comment as
    /// not touching; this decides prefix, postfix and binary operators.
    func isLeftBound(_ start: Int) -> Bool {
        guard start > 0 else { return false }
        let before = s[start - 1]
        if Self.isSkipped(before) || "([{,;:".unicodeScalars.contains(before) { return false }
        if before == "/", start >= 2, s[start - 2] == "*" { return false }
        return true
    }

    /// Whether the operator ending before `end` touches what comes after it; a comment counts as
    /// white space, and a `.` after an operator that is not left-bound (`^.x`) makes it prefix.
    func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        guard end < s.count else { return false }
        let after = s[end]
        if Self.isSkipped(after) || ")]},;:".unicodeScalars.contains(after) { return false }
        if after == "." { return !leftBound }
        if after == "/", end + 1 < s.count, s[end + 1] == "/" || s[end + 1] == "*" { return false }
        return true
    }
}
