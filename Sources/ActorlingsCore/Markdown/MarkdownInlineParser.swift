/// Parses inline Markdown: code spans, emphasis, strong emphasis, links, autolinks, escapes.
///
/// A simplification of CommonMark's delimiter algorithm: an opening `*`/`_` run looks ahead for
/// its closing run, skipping code spans and escapes, and the text between is parsed recursively.
/// It gets the cases lessons use right (`**bold `code`**`, `*a **b** c*`, `snake_case` left alone)
/// in a few dozen lines; unmatched delimiters stay as text, so nothing the author wrote is lost.
struct MarkdownInlineParser {
    private let characters: [Character]

    static func parse(_ text: String) -> [MarkdownInline] {
        let parser = MarkdownInlineParser(characters: Array(text))
        return parser.parse(0..<parser.characters.count)
    }

    private init(characters: [Character]) {
        self.characters = characters
    }

    private func parse(_ range: Range<Int>) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        var text = ""
        func flush() {
            if !text.isEmpty { result.append(.text(text)) }
            text = ""
        }
        var index = range.lowerBound
        while index < range.upperBound {
            let character = characters[index]
            switch character {
            case "\\" where index + 1 < range.upperBound && isEscapable(characters[index + 1]):
                text.append(characters[index + 1])
                index += 2
                continue
            case "\n":
                flush()
                result.append(.lineBreak)
                index += 1
                continue
            case "`":
                if let (code, next) = codeSpan(at: index, limit: range.upperBound) {
                    flush()
                    result.append(.code(code))
                    index = next
                    continue
                }
            case "<":
                if let next = commentEnd(at: index, limit: range.upperBound) {
                    index = next
                    continue
                }
                if let (url, next) = autolink(at: index, limit: range.upperBound) {
                    flush()
                    result.append(.link(text: [.text(url)], destination: url))
                    index = next
                    continue
                }
            case "[":
                if let (label, destination, next) = link(at: index, limit: range.upperBound) {
                    flush()
                    result.append(.link(text: parse(label), destination: destination))
                    index = next
                    continue
                }
            case "*", "_":
                if let (inline, next) = emphasis(at: index, limit: range.upperBound) {
                    flush()
                    result.append(inline)
                    index = next
                    continue
                }
                // An unmatched run stays text as a whole, so its second `*` is not tried again.
                let run = runLength(at: index, limit: range.upperBound)
                text += String(characters[index..<(index + run)])
                index += run
                continue
            default:
                break
            }
            text.append(character)
            index += 1
        }
        flush()
        return result
    }

    private func isEscapable(_ character: Character) -> Bool {
        character.isASCII && character.isPunctuation || character.isASCII && character.isSymbol
    }

    private func runLength(at index: Int, limit: Int) -> Int {
        var end = index
        while end < limit, characters[end] == characters[index] {
            end += 1
        }
        return end - index
    }

    // MARK: Code spans

    /// The code of the span opening at `index` and the index after it: the closing run must have
    /// exactly as many backticks as the opening one.
    private func codeSpan(at index: Int, limit: Int) -> (String, Int)? {
        let length = runLength(at: index, limit: limit)
        var search = index + length
        while search < limit {
            guard characters[search] == "`" else {
                search += 1
                continue
            }
            let run = runLength(at: search, limit: limit)
            if run == length {
                var code = String(characters[(index + length)..<search]).replacing("\n", with: " ")
                if code.count >= 2, code.first == " ", code.last == " ", !code.allSatisfy({ $0 == " " }) {
                    code = String(code.dropFirst().dropLast())
                }
                return (code, search + run)
            }
            search += run
        }
        return nil
    }

    /// The index after whatever cannot contain a delimiter (a code span, an escape), or `nil`.
    private func skipOpaque(at index: Int, limit: Int) -> Int? {
        if characters[index] == "\\", index + 1 < limit {
            return index + 2
        }
        if characters[index] == "`" {
            return codeSpan(at: index, limit: limit)?.1
        }
        return nil
    }

    // MARK: Links

    /// The index after an inline HTML comment, a note to authors that is never shown.
    private func commentEnd(at index: Int, limit: Int) -> Int? {
        guard index + 4 <= limit, String(characters[index..<(index + 4)]) == "<!--" else { return nil }
        var end = index + 4
        while end + 3 <= limit {
            if String(characters[end..<(end + 3)]) == "-->" { return end + 3 }
            end += 1
        }
        return nil
    }

    private func autolink(at index: Int, limit: Int) -> (String, Int)? {
        var end = index + 1
        while end < limit, characters[end] != ">" {
            if characters[end] == "<" || characters[end].isWhitespace { return nil }
            end += 1
        }
        guard end < limit else { return nil }
        let url = String(characters[(index + 1)..<end])
        guard url.contains("://") || url.hasPrefix("mailto:") else { return nil }
        return (url, end + 1)
    }

    /// `[label](destination "title")`: the label's range, the destination, and the index after.
    private func link(at index: Int, limit: Int) -> (Range<Int>, String, Int)? {
        var depth = 0
        var close = index
        while close < limit {
            if let next = skipOpaque(at: close, limit: limit) {
                close = next
                continue
            }
            if characters[close] == "[" { depth += 1 }
            if characters[close] == "]" {
                depth -= 1
                if depth == 0 { break }
            }
            close += 1
        }
        guard close + 1 < limit, characters[close] == "]", characters[close + 1] == "(" else { return nil }
        var end = close + 2
        var parentheses = 1
        while end < limit {
            if characters[end] == "(" { parentheses += 1 }
            if characters[end] == ")" {
                parentheses -= 1
                if parentheses == 0 { break }
            }
            end += 1
        }
        guard end < limit else { return nil }
        let inside = String(characters[(close + 2)..<end]).strippingSpacesAndTabs()
        // A title after the destination ("…" or '…') is not shown in a terminal.
        let destination = inside.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        let unbracketed =
            destination.hasPrefix("<") && destination.hasSuffix(">")
            ? String(destination.dropFirst().dropLast()) : destination
        return ((index + 1)..<close, unbracketed, end + 1)
    }

    // MARK: Emphasis

    private func emphasis(at index: Int, limit: Int) -> (MarkdownInline, Int)? {
        let delimiter = characters[index]
        let run = runLength(at: index, limit: limit)
        let width = run >= 2 ? 2 : 1
        let after = index + run
        guard after < limit, !characters[after].isWhitespace else { return nil }
        // `snake_case_name`: an underscore inside a word is not emphasis.
        if delimiter == "_", index > 0, characters[index - 1].isLetter || characters[index - 1].isNumber {
            return nil
        }
        guard let close = closingDelimiter(delimiter, width: width, from: index + width, limit: limit) else {
            return nil
        }
        let children = parse((index + width)..<close)
        return (width == 2 ? .strong(children) : .emphasis(children), close + width)
    }

    /// Where the closing run for an opening run of `width` delimiters starts.
    ///
    /// A run of the other width is skipped (it closes a nested emphasis), except a run of three or
    /// more, whose last characters close this one: `***both***` is strong around emphasis.
    private func closingDelimiter(_ delimiter: Character, width: Int, from start: Int, limit: Int) -> Int? {
        var index = start
        while index < limit {
            if let next = skipOpaque(at: index, limit: limit) {
                index = next
                continue
            }
            guard characters[index] == delimiter else {
                index += 1
                continue
            }
            let run = runLength(at: index, limit: limit)
            let end = index + run
            let closesHere =
                (run == width || run >= 3)
                && index > start
                && !characters[index - 1].isWhitespace
                && (delimiter == "*" || end >= limit || !(characters[end].isLetter || characters[end].isNumber))
            if closesHere {
                return end - width
            }
            index = end
        }
        return nil
    }
}
