/// Splits Swift source into the tokens ``SwiftHighlighter`` colours. Concatenating the tokens'
/// text gives back the input: everything not recognised is a `.plain` token.
struct SwiftLexer {
    enum Kind: Equatable {
        case plain, keyword, attribute, string, comment, number, type
    }

    struct Token: Equatable {
        var kind: Kind
        var text: String
    }

    let characters: [Character]

    static func tokens(in code: String) -> [Token] {
        SwiftLexer(characters: Array(code)).tokens()
    }

    private init(characters: [Character]) {
        self.characters = characters
    }

    private func character(at index: Int) -> Character? {
        index < characters.count ? characters[index] : nil
    }

    private func tokens() -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let (kind, end) = scanToken(at: index)
            let text = String(characters[index..<end])
            if kind == .plain, tokens.last?.kind == .plain {
                tokens[tokens.count - 1].text += text
            } else {
                tokens.append(Token(kind: kind, text: text))
            }
            index = end
        }
        return tokens
    }

    /// The kind of the token at `index` and the index after it (always past `index`).
    private func scanToken(at index: Int) -> (Kind, Int) {
        let current = characters[index]
        let next = character(at: index + 1)
        switch current {
        case "/" where next == "/":
            var end = index
            while end < characters.count, !characters[end].isNewline { end += 1 }
            return (.comment, end)
        case "/" where next == "*":
            return (.comment, blockCommentEnd(from: index))
        case "\"":
            return (.string, stringEnd(from: index, hashes: 0))
        case "#":
            let hashes = run(of: "#", at: index)
            if character(at: index + hashes) == "\"" {
                return (.string, stringEnd(from: index, hashes: hashes))
            }
            // `#if`, `#available`, `#expect`: directives and macros read like keywords.
            if hashes == 1, let next, isIdentifierStart(next) {
                return (.keyword, identifierEnd(from: index + 1))
            }
            return (.plain, index + hashes)
        case "@" where next.map(isIdentifierStart) == true:
            return (.attribute, identifierEnd(from: index + 1))
        case "`":
            // A backquoted identifier (`default`) is a name, not a keyword.
            var end = index + 1
            while end < characters.count, characters[end] != "`", !characters[end].isNewline { end += 1 }
            return (.plain, end < characters.count && characters[end] == "`" ? end + 1 : index + 1)
        case "$" where next.map(isIdentifierCharacter) == true:
            return (.plain, identifierEnd(from: index + 1))
        default:
            if current.isASCII, current.isNumber {
                return (.number, numberEnd(from: index))
            }
            if isIdentifierStart(current) {
                let end = identifierEnd(from: index)
                return (identifierKind(String(characters[index..<end]), at: index), end)
            }
            return (.plain, index + 1)
        }
    }

    func run(of character: Character, at index: Int) -> Int {
        var end = index
        while end < characters.count, characters[end] == character { end += 1 }
        return end - index
    }

    private func isIdentifierStart(_ character: Character) -> Bool {
        character == "_" || character.isLetter
    }

    private func isIdentifierCharacter(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }

    private func identifierEnd(from index: Int) -> Int {
        var end = index
        while end < characters.count, isIdentifierCharacter(characters[end]) { end += 1 }
        return end
    }

    private func identifierKind(_ word: String, at index: Int) -> Kind {
        // After a dot a word is a member (`.default`, `.some`), except `.init`, `.self`, `.Type`.
        let isMember = index > 0 && characters[index - 1] == "."
        if SwiftLexer.keywords.contains(word), !isMember || SwiftLexer.memberKeywords.contains(word) {
            return .keyword
        }
        if let first = word.first, first.isUppercase {
            return .type
        }
        return .plain
    }

    /// `42`, `1_000`, `0xFF`, `3.14`, `1e-9`; a `.` only counts when a digit follows, so that
    /// `0..<n` and `1.description` keep their dots.
    private func numberEnd(from index: Int) -> Int {
        var end = index
        let isHex = characters[index] == "0" && (character(at: index + 1) == "x" || character(at: index + 1) == "X")
        while end < characters.count {
            let character = characters[end]
            if isIdentifierCharacter(character) {
                let isExponent = isHex ? (character == "p" || character == "P") : (character == "e" || character == "E")
                end += 1
                if isExponent, let sign = self.character(at: end), sign == "-" || sign == "+" { end += 1 }
            } else if character == ".", let after = self.character(at: end + 1), after.isASCII, after.isNumber {
                end += 1
            } else {
                break
            }
        }
        return end
    }

    /// The end of a block comment; Swift's block comments nest.
    private func blockCommentEnd(from index: Int) -> Int {
        var depth = 0
        var end = index
        while end < characters.count {
            if characters[end] == "/", character(at: end + 1) == "*" {
                depth += 1
                end += 2
            } else if characters[end] == "*", character(at: end + 1) == "/" {
                depth -= 1
                end += 2
                if depth == 0 { return end }
            } else {
                end += 1
            }
        }
        return end
    }
}
