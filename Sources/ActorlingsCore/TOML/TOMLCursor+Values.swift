/// Where a value sits, so that messages can name the key it belongs to and the array around it.
struct TOMLValueContext {
    /// The key the value is assigned to, for messages.
    var key: String
    /// The opening bracket of the innermost array the value is in, if any.
    var array: TOMLLocation?
    var depth = 0
}

/// Values: strings, integers, booleans and arrays, and clear refusals of the TOML kinds the
/// course format leaves out.
extension TOMLCursor {
    /// Deep enough for any course; the limit only keeps a malformed file from exhausting the stack.
    static let maximumArrayDepth = 32

    /// Reads the value that starts here.
    mutating func parseValue(_ context: TOMLValueContext) throws(TOMLError) -> TOMLValue {
        switch peek() {
        case "\"":
            return .string(isAt("\"\"\"") ? try parseMultilineBasicString() : try parseBasicString())
        case "'":
            return .string(isAt("'''") ? try parseMultilineLiteralString() : try parseLiteralString())
        case "[":
            return try parseArray(context)
        case "{":
            let instead =
                context.array == nil
                ? "use a [\(context.key.tomlKeyDisplay)] table header"
                : "use an array of tables, one [[\(context.key.tomlKeyDisplay)]] header per element"
            throw error("inline tables are not supported in course files; \(instead)")
        default:
            return try parseBareValue(context)
        }
    }

    private mutating func parseArray(_ context: TOMLValueContext) throws(TOMLError) -> TOMLValue {
        let start = location
        guard context.depth < Self.maximumArrayDepth else {
            throw error("arrays nested more than \(Self.maximumArrayDepth) deep are not supported")
        }
        advance()
        let inner = TOMLValueContext(key: context.key, array: start, depth: context.depth + 1)
        var elements: [TOMLValue] = []
        while true {
            skipSpacesCommentsAndNewlines()
            if consume("]") { return .array(elements) }
            if isAtEnd { throw unclosedArray(inner) }
            elements.append(try parseValue(inner))
            skipSpacesCommentsAndNewlines()
            if consume("]") { return .array(elements) }
            if isAtEnd { throw unclosedArray(inner) }
            guard consume(",") else {
                throw error(
                    "expected ',' between the elements of the array of '\(context.key)' (opened on line \(start.line)), "
                        + "or ']' to close it; found \(describeUpcoming())"
                )
            }
        }
    }

    private func unclosedArray(_ context: TOMLValueContext) -> TOMLError {
        error("the array of '\(context.key)' is never closed; add ']' after its last element", at: context.array)
    }

    /// Reads a value that isn't quoted or bracketed: a boolean, an integer, or something to refuse.
    ///
    /// The whole word is read first, so that a float or a date is refused as a whole ("1.5"),
    /// rather than as an integer followed by stray text (".5").
    private mutating func parseBareValue(_ context: TOMLValueContext) throws(TOMLError) -> TOMLValue {
        let start = location
        var scalars = String.UnicodeScalarView()
        while let scalar = peek(), !scalar.endsTOMLBareValue {
            scalars.append(scalar)
            advance()
        }
        let word = String(scalars)
        if word.isEmpty {
            throw error(missingValue(context))
        }
        if word == "true" { return .boolean(true) }
        if word == "false" { return .boolean(false) }
        if let refusal = Self.refusal(of: word) {
            throw error(refusal, at: start)
        }
        let digits = word.unicodeScalars.drop { $0 == "+" || $0 == "-" }
        if let first = digits.first, first.isTOMLDigit || first == "_" {
            return .integer(try parseInteger(word, at: start))
        }
        if context.array != nil, followedByEquals() {
            throw unclosedArray(context)
        }
        if word.lowercased() == "true" || word.lowercased() == "false" {
            throw error("booleans are written in lower case: \(word.lowercased())", at: start)
        }
        throw error(
            "'\(word)' is not a value; write a string in quotes (\"\(word)\"), an integer, true or false",
            at: start
        )
    }

    private func missingValue(_ context: TOMLValueContext) -> String {
        if context.array != nil {
            return "expected a value in the array of '\(context.key)', found \(describeUpcoming())"
        }
        return "missing value after '\(context.key) =', found \(describeUpcoming()); "
            + "write a string in quotes, an integer, true, false or an array"
    }

    /// Whether the next thing after spaces is `=`: a bare word followed by `=` inside an array is
    /// the next line's key, which means the array above it was never closed.
    private func followedByEquals() -> Bool {
        var ahead = 0
        while peek(ahead) == " " || peek(ahead) == "\t" {
            ahead += 1
        }
        return peek(ahead) == "="
    }

    /// Why `word` is a TOML value the course format leaves out, if it is one.
    private static func refusal(of word: String) -> String? {
        let unsigned = word.unicodeScalars.drop { $0 == "+" || $0 == "-" }
        let scalars = Array(word.unicodeScalars)
        if ["inf", "nan"].contains(String(unsigned)) {
            return "floats (\(word)) are not part of the course format; use an integer, or a string"
        }
        let looksLikeDate = scalars.count >= 5 && scalars[0..<4].allSatisfy(\.isTOMLDigit) && scalars[4] == "-"
        let looksLikeTime = scalars.first?.isTOMLDigit == true && scalars.contains(":")
        if looksLikeDate || looksLikeTime {
            return "dates and times are not part of the course format; write it as a string: \"\(word)\""
        }
        let body = Array(unsigned)
        if body.count >= 2, body[0] == "0", ["x", "o", "b"].contains(body[1]) {
            return "hexadecimal, octal and binary integers (\(word)) are not part of the course format; "
                + "write the number in decimal"
        }
        let isNumeric = body.first.map { $0.isTOMLDigit || $0 == "." } ?? false
        if isNumeric && body.allSatisfy({ $0.isTOMLDigit || "_.eE+-".unicodeScalars.contains($0) })
            && body.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        {
            return "floats (\(word)) are not part of the course format; use an integer, or a string such as \"\(word)\""
        }
        return nil
    }

    /// Parses a decimal integer with an optional sign and `_` between digits, as TOML writes them.
    private func parseInteger(_ word: String, at start: TOMLLocation) throws(TOMLError) -> Int {
        var scalars = word.unicodeScalars[...]
        let isNegative = scalars.first == "-"
        if scalars.first == "+" || scalars.first == "-" {
            scalars = scalars.dropFirst()
        }
        // Accumulating downwards lets Int.min, whose magnitude has no positive Int, be written.
        var value = 0
        var previousWasDigit = false
        for scalar in scalars {
            if scalar == "_" {
                guard previousWasDigit else {
                    throw error("invalid integer '\(word)': each '_' must sit between two digits", at: start)
                }
                previousWasDigit = false
                continue
            }
            guard scalar.isTOMLDigit else {
                throw error(
                    "'\(word)' is not a valid integer; write digits, optionally with a sign and '_' between digits "
                        + "(or put it in quotes to make it a string)",
                    at: start
                )
            }
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = shifted.subtractingReportingOverflow(Int(scalar.value - 0x30))
            guard !overflowed, !overflowedAgain else { throw tooLarge(word, at: start) }
            value = next
            previousWasDigit = true
        }
        guard previousWasDigit else {
            throw error("invalid integer '\(word)': each '_' must sit between two digits", at: start)
        }
        if scalars.count > 1, scalars.first == "0" {
            throw error("leading zeros are not allowed in integers; write \(isNegative ? "-" : "")\(-value)", at: start)
        }
        if isNegative { return value }
        guard value != Int.min else { throw tooLarge(word, at: start) }
        return -value
    }

    private func tooLarge(_ word: String, at start: TOMLLocation) -> TOMLError {
        error("the integer \(word) does not fit in 64 bits (the limits are \(Int.min) and \(Int.max))", at: start)
    }
}

extension Unicode.Scalar {
    var isTOMLDigit: Bool {
        ("0"..."9").contains(self)
    }

    /// Ends a bare word (`true`, `42`, or something to refuse): white space, a comment, a
    /// delimiter, or a quote.
    fileprivate var endsTOMLBareValue: Bool {
        switch self {
        case " ", "\t", "\n", "\r", "#", ",", "[", "]", "{", "}", "=", "\"", "'": true
        default: false
        }
    }
}
