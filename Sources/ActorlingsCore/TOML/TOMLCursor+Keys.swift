/// A key as written, with where it was written, for the messages about it.
struct TOMLKey {
    var name: String
    var location: TOMLLocation
}

/// A `[table]` or `[[array of tables]]` header.
struct TOMLHeader {
    /// One key per dotted part: `[a."b.c"]` has the keys `a` and `b.c`.
    var keys: [TOMLKey]
    var isArrayOfTables: Bool
    var location: TOMLLocation

    /// The header as it would be written, for messages: `[a.b]` or `[[step]]`.
    var display: String {
        let name = keys.map(\.name.tomlKeyDisplay).joined(separator: ".")
        return isArrayOfTables ? "[[\(name)]]" : "[\(name)]"
    }
}

/// Keys, `key = value` lines and headers.
extension TOMLCursor {
    /// Reads a bare or quoted key.
    mutating func parseKey() throws(TOMLError) -> TOMLKey {
        let start = location
        switch peek() {
        case "\"":
            guard !isAt("\"\"\"") else { throw multilineKey() }
            return TOMLKey(name: try parseBasicString(), location: start)
        case "'":
            guard !isAt("'''") else { throw multilineKey() }
            return TOMLKey(name: try parseLiteralString(), location: start)
        case let scalar? where scalar.isTOMLBareKeyScalar:
            var name = String.UnicodeScalarView()
            while let scalar = peek(), scalar.isTOMLBareKeyScalar {
                name.append(scalar)
                advance()
            }
            return TOMLKey(name: String(name), location: start)
        default:
            throw error(
                "expected a key, found \(describeUpcoming()); a bare key uses letters, digits, '_' and '-', "
                    + "any other key needs quotes, as in \"my key\""
            )
        }
    }

    private func multilineKey() -> TOMLError {
        error("a key can't be a multi-line string; write it in \"…\" quotes")
    }

    /// Reads `key = value`, up to the end of the value.
    mutating func parseKeyValue() throws(TOMLError) -> (key: TOMLKey, value: TOMLValue) {
        let key = try parseKey()
        skipSpaces()
        if peek() == "." {
            throw error(
                "dotted keys ('\(key.name).…') are not part of the course format; "
                    + "put the key under a [\(key.name.tomlKeyDisplay)] table header instead",
                at: key.location
            )
        }
        guard consume("=") else {
            var message = "expected '=' after key '\(key.name)', found \(describeUpcoming())"
            if let next = peek(), next.isTOMLBareKeyScalar {
                message += "; a key with spaces in it needs quotes, as in \"my key\""
            }
            throw error(message)
        }
        skipSpaces()
        let value = try parseValue(TOMLValueContext(key: key.name))
        return (key, value)
    }

    /// Reads a `[a.b]` or `[[a.b]]` header, up to its closing bracket.
    mutating func parseHeader() throws(TOMLError) -> TOMLHeader {
        let start = location
        advance()
        let isArrayOfTables = consume("[")
        let (opening, closing) = isArrayOfTables ? ("[[", "]]") : ("[", "]")
        var keys: [TOMLKey] = []
        repeat {
            skipSpaces()
            if keys.isEmpty && peek() == "]" {
                throw error("a table header needs a name, as in \(opening)settings\(closing)")
            }
            keys.append(try parseKey())
            skipSpaces()
        } while consume(".")
        let header = TOMLHeader(keys: keys, isArrayOfTables: isArrayOfTables, location: start)
        guard isAt(closing) else {
            let written = opening + keys.map(\.name.tomlKeyDisplay).joined(separator: ".")
            var message = "expected '\(closing)' to close the header '\(written)', found \(describeUpcoming())"
            if let next = peek(), next.isTOMLBareKeyScalar || next == "\"" || next == "'" {
                message += "; a name with spaces in it needs quotes, as in \(opening)\"my table\"\(closing)"
            }
            throw error(message)
        }
        advance(closing.unicodeScalars.count)
        return header
    }

    /// Steps over the rest of a line that must hold nothing more than a comment.
    mutating func expectEndOfLine(after what: String) throws(TOMLError) {
        skipSpaces()
        skipComment()
        if isAtEnd || skipNewline() { return }
        throw error(
            "expected the end of the line after \(what), found \(describeUpcoming()); "
                + "write one 'key = value' or header per line, "
                + "and start comments with '#'"
        )
    }
}
