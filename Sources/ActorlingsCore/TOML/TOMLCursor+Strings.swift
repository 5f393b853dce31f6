/// The four kinds of string: basic `"…"`, literal `'…'`, and their multi-line forms.
///
/// Each function starts on the opening delimiter and stops just after the closing one. An
/// unclosed string is reported at its opening delimiter, since that is where the author has to
/// look; the end of the file says nothing useful.
extension TOMLCursor {
    /// `"…"`: escapes, no line breaks.
    mutating func parseBasicString() throws(TOMLError) -> String {
        try parseSingleLineString(quote: "\"", escapes: true, name: "string", multiline: "\"\"\"…\"\"\"")
    }

    /// `'…'`: every character as written, no escapes, no line breaks.
    mutating func parseLiteralString() throws(TOMLError) -> String {
        try parseSingleLineString(quote: "'", escapes: false, name: "literal string", multiline: "'''…'''")
    }

    private mutating func parseSingleLineString(
        quote: Unicode.Scalar, escapes: Bool, name: String, multiline: String
    ) throws(TOMLError) -> String {
        let start = location
        advance()
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek(), !isAtNewline() else {
                let closing = quote == "\"" ? "'\"'" : "\"'\""
                throw error(
                    "this \(name) is not closed on its line; end it with \(closing) (for text over several lines, use \(multiline))",
                    at: start)
            }
            if scalar == quote {
                advance()
                return String(result)
            } else if escapes, scalar == "\\" {
                try parseEscape(into: &result)
            } else {
                try append(scalar, to: &result)
            }
        }
    }

    /// `"""…"""`: escapes, line breaks, and a line-ending backslash that joins lines.
    mutating func parseMultilineBasicString() throws(TOMLError) -> String {
        try parseMultilineString(quote: "\"", escapes: true, name: "multi-line string")
    }

    /// `'''…'''`: every character as written, line breaks included.
    mutating func parseMultilineLiteralString() throws(TOMLError) -> String {
        try parseMultilineString(quote: "'", escapes: false, name: "multi-line literal string")
    }

    private mutating func parseMultilineString(quote: Unicode.Scalar, escapes: Bool, name: String) throws(TOMLError) -> String {
        let start = location
        advance(3)
        // TOML trims a line break right after the opening delimiter, so the text can start on
        // the next line without beginning with an empty one.
        _ = skipNewline()
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else {
                let delimiter = String(repeating: String(quote), count: 3)
                throw error("this \(name) is never closed; end it with \(delimiter)", at: start)
            }
            if scalar == quote {
                if try closesMultiline(with: quote, into: &result) { return String(result) }
            } else if skipNewline() {
                // CRLF becomes LF so a file reads the same whatever editor saved it.
                result.append("\n")
            } else if escapes, scalar == "\\" {
                if !skipLineEndingBackslash() {
                    try parseEscape(into: &result)
                }
            } else {
                try append(scalar, to: &result)
            }
        }
    }

    /// Handles a run of `quote`s inside a multi-line string; returns whether it closed the string.
    ///
    /// TOML lets one or two quotes sit right before the closing three (`"""say "hi""""`), so the
    /// whole run is measured: its last three close the string and the rest are text.
    private mutating func closesMultiline(
        with quote: Unicode.Scalar,
        into result: inout String.UnicodeScalarView
    ) throws(TOMLError) -> Bool {
        var count = 0
        while peek(count) == quote {
            count += 1
        }
        if count > 5 {
            let instead = quote == "\"" ? "escape one of them as \\\"" : "use a \"\"\"…\"\"\" string, where one can be escaped"
            throw error(
                "\(count) quotes in a row: three end the string and at most two may come before them; "
                    + instead
            )
        }
        for _ in 0..<(count >= 3 ? count - 3 : count) {
            result.append(quote)
        }
        advance(count)
        return count >= 3
    }

    /// Steps over a backslash at the end of a line, the line break and all white space after it,
    /// as TOML specifies; returns false (moving nothing) if the backslash is an escape instead.
    private mutating func skipLineEndingBackslash() -> Bool {
        var ahead = 1
        while peek(ahead) == " " || peek(ahead) == "\t" {
            ahead += 1
        }
        guard isAtNewline(ahead) else { return false }
        advance(ahead)
        repeat {
            skipSpaces()
        } while skipNewline()
        return true
    }

    /// Reads one escape sequence, starting on its backslash.
    private mutating func parseEscape(into result: inout String.UnicodeScalarView) throws(TOMLError) {
        let start = location
        advance()
        let simple: Unicode.Scalar? =
            switch peek() {
            case "\"": "\""
            case "\\": "\\"
            case "n": "\n"
            case "t": "\t"
            case "r": "\r"
            case "b": "\u{08}"
            case "f": "\u{0C}"
            default: nil
            }
        if let simple {
            result.append(simple)
            advance()
            return
        }
        switch peek() {
        case "u": result.append(try parseUnicodeEscape(digits: 4, start: start))
        case "U": result.append(try parseUnicodeEscape(digits: 8, start: start))
        default:
            let what = isAtNewline() || isAtEnd ? "a backslash at the end of the line" : "'\\\(describeEscaped())'"
            throw error(
                "invalid escape: \(what); valid escapes are \\\" \\\\ \\n \\t \\r \\uXXXX and \\UXXXXXXXX "
                    + "(write \\\\ for a backslash, or use a 'literal string', where backslashes are plain text)",
                at: start
            )
        }
    }

    private func describeEscaped() -> String {
        guard let scalar = peek() else { return "" }
        return scalar.isTOMLControl ? scalar.tomlCodePoint : String(Character(scalar))
    }

    /// Reads the hex digits of `\uXXXX` or `\UXXXXXXXX`; the cursor is on the `u`.
    private mutating func parseUnicodeEscape(digits: Int, start: TOMLLocation) throws(TOMLError) -> Unicode.Scalar {
        let letter = digits == 4 ? "u" : "U"
        let example = digits == 4 ? "\\u00E9" : "\\U0001F600"
        advance()
        var value: UInt32 = 0
        var written = ""
        for _ in 0..<digits {
            guard let scalar = peek(), let digit = hexValue(scalar) else {
                throw error(
                    "invalid escape: \\\(letter) needs exactly \(digits) hexadecimal digits, as in \(example)",
                    at: start
                )
            }
            value = value * 16 + digit
            written.unicodeScalars.append(scalar)
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(
                "invalid escape: \\\(letter)\(written) is not a Unicode scalar value "
                    + "(surrogates and values above 10FFFF are not characters)",
                at: start
            )
        }
        return scalar
    }

    private func hexValue(_ scalar: Unicode.Scalar?) -> UInt32? {
        guard let value = scalar?.value else { return nil }
        switch value {
        case 0x30...0x39: return value - 0x30
        case 0x41...0x46: return value - 0x41 + 10
        case 0x61...0x66: return value - 0x61 + 10
        default: return nil
        }
    }

    /// Appends an ordinary scalar, refusing the control characters TOML forbids in strings.
    private mutating func append(_ scalar: Unicode.Scalar, to result: inout String.UnicodeScalarView) throws(TOMLError) {
        if scalar.isTOMLControl && scalar != "\t" {
            throw error(
                "the control character \(scalar.tomlCodePoint) can't appear in a string; "
                    + "write it as an escape, \\u\(scalar.tomlCodePoint.dropFirst(2)), in a \"…\" string"
            )
        }
        result.append(scalar)
        advance()
    }
}
