/// String literals: single-line, multi-line (`"""`), raw (`#"…"#`), with interpolations.
///
/// An interpolation is scanned as part of its string (its parentheses counted, strings inside it
/// scanned recursively), so that `"\(name) said \"hi\""` is one token and keeps the string colour.
extension SwiftLexer {
    /// The index after the literal that starts at `index` with `hashes` `#`s before its quote.
    func stringEnd(from index: Int, hashes: Int) -> Int {
        var end = index + hashes
        let multiline = isTripleQuote(at: end)
        end += multiline ? 3 : 1
        while end < characters.count {
            let character = characters[end]
            if !multiline, character.isNewline {
                return end  // Unterminated: the string stops at the end of its line, as the compiler's does.
            }
            if character == "\\", hasHashes(hashes, at: end + 1) {
                let escaped = end + 1 + hashes
                if escaped < characters.count, characters[escaped] == "(" {
                    end = interpolationEnd(from: escaped + 1)
                } else {
                    end = min(escaped + 1, characters.count)
                }
                continue
            }
            if character == "\"" {
                let quoteLength = multiline ? 3 : 1
                if !multiline || isTripleQuote(at: end), hasHashes(hashes, at: end + quoteLength) {
                    return end + quoteLength + hashes
                }
            }
            end += 1
        }
        return end
    }

    /// The index after the `)` that closes an interpolation whose content starts at `index`.
    private func interpolationEnd(from index: Int) -> Int {
        var depth = 1
        var end = index
        while end < characters.count {
            switch characters[end] {
            case "(":
                depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return end + 1 }
            case "\"":
                end = stringEnd(from: end, hashes: 0)
                continue
            case "#":
                let hashes = run(of: "#", at: end)
                if end + hashes < characters.count, characters[end + hashes] == "\"" {
                    end = stringEnd(from: end, hashes: hashes)
                    continue
                }
            default:
                break
            }
            end += 1
        }
        return end
    }

    private func isTripleQuote(at index: Int) -> Bool {
        index + 2 < characters.count && characters[index] == "\"" && characters[index + 1] == "\""
            && characters[index + 2] == "\""
    }

    private func hasHashes(_ count: Int, at index: Int) -> Bool {
        index + count <= characters.count && characters[index..<(index + count)].allSatisfy { $0 == "#" }
    }
}
