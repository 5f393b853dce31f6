/// A Swift file as the mutation operators read it: its code tokens with where each one is, the
/// bracket that closes each opening one, and the statements of each block.
///
/// It is built on the course's one lexer (`SwiftTokenizer`), so a comment, a string literal (its
/// interpolations included) or a regex literal is never mutated: a literal is one opaque token.
/// It is not a parser: statements are told apart the way Swift does at the level a mutation
/// needs (a new line starts one unless the line before ends in an operator or the new line starts
/// with one), and a block's kind from the words before its `{`. Where that guess is wrong the
/// mutant does not compile, and is counted as stillborn, never as a verdict.
struct MutationSource {
    struct Token {
        var kind: SwiftToken.Kind
        var text: String
        /// Scalar offsets into the source.
        var range: Range<Int>
        var line: Int
    }

    /// What an opening `{` belongs to.
    enum BlockKind: Equatable {
        /// `func`, `init`, `deinit`, `subscript`, or an accessor of a property.
        case function
        /// `struct`, `class`, `actor`, `enum`, `extension` or `protocol`, with that keyword.
        case type(String)
        /// `if`, `guard … else`, `for`, `while`, `do`, `catch`, `switch`, `defer`, `repeat`, `else`.
        case control
        case closure
    }

    let scalars: [Unicode.Scalar]
    let tokens: [Token]
    /// For each opening `(`, `[` or `{`, the index of its closing token; the reverse for closers.
    let partner: [Int: Int]
    private let lineStarts: [Int]

    init(_ text: String) {
        var lexer = SwiftTokenizer.Lexer(Array(text.unicodeScalars))
        lexer.run()
        scalars = lexer.s
        var starts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" || (scalar == "\r" && (index + 1 == scalars.count || scalars[index + 1] != "\n")) {
            starts.append(index + 1)
        }
        lineStarts = starts
        var tokens: [Token] = []
        var depth = 0
        var literalStart = 0
        for span in lexer.spans {
            switch span.kind {
            case .stringStart:
                if depth == 0 { literalStart = span.range.lowerBound }
                depth += 1
            case .stringEnd:
                depth -= 1
                if depth == 0 {
                    tokens.append(Token(kind: .stringLiteral, text: "", range: literalStart..<span.range.upperBound, line: 0))
                }
            case .token(let kind, _) where depth == 0:
                tokens.append(Token(kind: kind, text: "", range: span.range, line: 0))
            case .regexLiteral where depth == 0:
                tokens.append(Token(kind: .regexLiteral, text: "", range: span.range, line: 0))
            default:
                break
            }
        }
        if depth > 0 {
            tokens.append(Token(kind: .stringLiteral, text: "", range: literalStart..<scalars.count, line: 0))
        }
        for index in tokens.indices {
            let range = tokens[index].range
            var text = String(String.UnicodeScalarView(scalars[range]))
            if tokens[index].kind == .identifier, text.hasPrefix("`"), text.hasSuffix("`"), text.count > 2 {
                text = String(text.dropFirst().dropLast())
            }
            tokens[index].text = text
            tokens[index].line = Self.line(of: range.lowerBound, starts: starts)
        }
        self.tokens = tokens
        var partner: [Int: Int] = [:]
        var open: [Int] = []
        let closers: [String: String] = [")": "(", "]": "[", "}": "{"]
        for (index, token) in tokens.enumerated() where token.kind == .punctuation {
            if token.text == "(" || token.text == "[" || token.text == "{" {
                open.append(index)
            } else if let opener = closers[token.text] {
                // An unbalanced closer is left alone: the mutants of that file will not compile.
                guard let last = open.last, tokens[last].text == opener else { continue }
                open.removeLast()
                partner[last] = index
                partner[index] = last
            }
        }
        self.partner = partner
    }

    private static func line(of offset: Int, starts: [Int]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    // MARK: Reading

    func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range.clamped(to: 0..<scalars.count)]))
    }

    /// The source text from token `first` to token `last`, both included.
    func text(tokens first: Int, _ last: Int) -> String {
        guard first >= 0, first <= last, last < tokens.count else { return "" }
        return text(tokens[first].range.lowerBound..<tokens[last].range.upperBound)
    }

    /// Whether there is a name (or keyword) at `index`; false out of range.
    func isName(_ index: Int) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier
    }

    func isWord(_ index: Int, _ words: String...) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .identifier && words.contains(tokens[index].text)
    }

    func isPunctuation(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .punctuation && tokens[index].text == text
    }

    func isOperator(_ index: Int, _ text: String) -> Bool {
        index >= 0 && index < tokens.count && tokens[index].kind == .operator && tokens[index].text == text
    }

    /// The white space at the start of the line `index` is on.
    func indentation(ofLineOf index: Int) -> String {
        var offset = lineStarts[tokens[index].line - 1]
        var indent = ""
        while offset < scalars.count, scalars[offset] == " " || scalars[offset] == "\t" {
            indent.unicodeScalars.append(scalars[offset])
            offset += 1
        }
        return indent
    }

    /// The closer of the group that opens at `index`, or `index` itself.
    func groupEnd(_ index: Int) -> Int {
        partner[index].map { $0 > index ? $0 : index } ?? index
    }

    /// The index of the token after `index`, jumping over a bracketed group as a whole.
    func next(after index: Int) -> Int {
        (partner[index].map { $0 > index ? $0 : index } ?? index) + 1
    }

    // MARK: Blocks and statements

    /// Every `{ … }` of the file: the opening token's index and its kind.
    var blocks: [(open: Int, kind: BlockKind)] {
        tokens.indices.filter { isPunctuation($0, "{") && partner[$0] != nil }.map { ($0, kind(ofBlockAt: $0)) }
    }

    /// What the `{` at `open` belongs to, judged from the words between it and the statement before.
    func kind(ofBlockAt open: Int) -> BlockKind {
        var index = open - 1
        var sawAssignment = false
        while index >= 0 {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == ")" || token.text == "]", let opener = partner[index] {
                index = opener - 1
                continue
            }
            if token.kind == .punctuation, ["{", "}", ";", "(", "[", ","].contains(token.text) {
                // `} else {` and `} catch {` continue the statement before the `}`.
                if token.text == "}", isWord(index + 1, "else", "catch") { return .control }
                // A comma right before the brace separates closures in a list (`[a, { … }]`);
                // further back it is one of a condition's (`if a, b {`) or a generic clause's
                // (`func f<A, B>(…) {`).
                if token.text != "," || index == open - 1 { return .closure }
            }
            if token.kind == .operator, token.text == "=" { sawAssignment = true }
            // A condition's binding (`if let x = y {`, `while var n …`) and a loop's `in`
            // (`for x in xs {`): the statement's keyword is further back. (A closure's own `in`
            // comes after its brace, never before.)
            let binds = isWord(index, "let", "var") && (isWord(index - 1, "if", "while", "guard", "case") || isPunctuation(index - 1, ","))
            if binds || isWord(index, "in") {
                index -= 1
                continue
            }
            if token.kind == .identifier {
                switch token.text {
                case "func", "init", "deinit", "subscript", "get", "set", "willSet", "didSet":
                    return sawAssignment ? .closure : .function
                case "var" where !sawAssignment:
                    return .function
                case "let", "var", "return":
                    return .closure
                case "struct", "class", "actor", "enum", "extension", "protocol":
                    // `class func` and `actor` as a parameter name aside, the keyword opens a type.
                    return sawAssignment ? .closure : .type(token.text)
                case "if", "guard", "else", "for", "while", "do", "catch", "switch", "defer", "repeat":
                    return .control
                default:
                    break
                }
            }
            index -= 1
        }
        return .closure
    }

    /// The statements directly inside the block opening at `open`, as inclusive token ranges.
    func statements(inBlockAt open: Int) -> [ClosedRange<Int>] {
        guard let close = partner[open] else { return [] }
        var result: [ClosedRange<Int>] = []
        var start = open + 1
        // A closure's signature (`{ [weak self] x in`) is not a statement.
        if kind(ofBlockAt: open) == .closure, let inIndex = closureIn(open: open, close: close) { start = inIndex + 1 }
        while start < close {
            if isPunctuation(start, ";") {
                start += 1
                continue
            }
            // `end` is always a statement's last token so far: a group's closer, not its opener.
            var end = groupEnd(start)
            while true {
                let after = next(after: end)
                if after >= close || isPunctuation(after, ";") { break }
                if tokens[after].line > tokens[end].line, !continues(from: end, to: after) { break }
                end = groupEnd(after)
            }
            result.append(start...end)
            start = next(after: end)
        }
        return result
    }

    /// The `in` that ends a closure's signature, if the closure has one.
    func closureIn(open: Int, close: Int) -> Int? {
        var index = open + 1
        while index < close {
            if isWord(index, "in") { return index }
            let token = tokens[index]
            // A signature holds names, a capture list, parameters, `async`, `throws` and `->`.
            let allowed =
                token.kind == .identifier || token.text == "->" || token.text == "," || token.text == ":" || token.text == "@" || token.text == "?"
                || token.text == "." || token.text == "(" || token.text == "["
            guard allowed else { return nil }
            if isWord(index, "let", "var", "if", "guard", "return", "for", "while", "try", "await", "do", "switch") { return nil }
            index = next(after: index)
        }
        return nil
    }

    /// Whether the token at `next`, on a new line, continues the statement that `last` is in.
    private func continues(from last: Int, to next: Int) -> Bool {
        let before = tokens[last]
        let after = tokens[next]
        if before.kind == .operator, before.text != "?", before.text != "!" { return true }
        if before.kind == .punctuation, [",", ":", "@", "#", "\\"].contains(before.text) { return true }
        if after.kind == .operator {
            // `.member` chains, and binary operators (white space on both sides); a prefix
            // operator (`!ready`, `-x`) starts a new statement.
            let following = after.range.upperBound
            return after.text.first == "." || following >= scalars.count || scalars[following] == " " || scalars[following] == "\t"
        }
        if after.kind == .punctuation, after.text == "{" { return true }
        if after.kind == .identifier, ["else", "catch", "where"].contains(after.text) { return true }
        if before.kind == .identifier, ["guard", "if", "while", "return", "try", "await", "in"].contains(before.text) { return true }
        return false
    }

    /// The innermost block that contains token `index`: its opening token.
    func enclosingBlock(of index: Int) -> Int? {
        var best: Int?
        for (open, close) in partner where open < index && close > index && isPunctuation(open, "{") {
            if best.map({ open > $0 }) ?? true { best = open }
        }
        return best
    }

    /// The innermost function or closure around token `index`: where an `await` lands.
    func enclosingFunction(of index: Int) -> (open: Int, kind: BlockKind)? {
        var current = enclosingBlock(of: index)
        while let open = current {
            let kind = kind(ofBlockAt: open)
            switch kind {
            case .function, .closure: return (open, kind)
            case .type: return nil
            case .control: current = enclosingBlock(of: open)
            }
        }
        return nil
    }

    /// The type declaration around token `index`: its keyword and the opening of its body.
    func enclosingType(of index: Int) -> (keyword: String, open: Int)? {
        var current = enclosingBlock(of: index)
        while let open = current {
            if case .type(let keyword) = kind(ofBlockAt: open) { return (keyword, open) }
            current = enclosingBlock(of: open)
        }
        return nil
    }

    /// Whether the function whose body opens at `open` is declared `async` (its parameters'
    /// function types aside).
    func isAsync(functionAt open: Int) -> Bool {
        var index = open - 1
        while index >= 0, !isWord(index, "func", "init") {
            if isWord(index, "async") { return true }
            if isPunctuation(index, ")") || isPunctuation(index, "]"), let opener = partner[index] { index = opener }
            if isPunctuation(index, "{") || isPunctuation(index, "}") { return false }
            index -= 1
        }
        return false
    }

    /// The edit that makes the function whose body opens at `open` `async`, or none when it is
    /// already (or is not a `func` or `init`, which a mutant then cannot make async).
    func makeAsync(functionAt open: Int) -> MutationEdit? {
        guard !isAsync(functionAt: open) else { return nil }
        var index = open - 1
        var closeParen: Int?
        while index >= 0, !isWord(index, "func", "init") {
            if isPunctuation(index, ")"), let opener = partner[index] {
                closeParen = closeParen ?? index
                index = opener
            }
            if isPunctuation(index, "{") || isPunctuation(index, "}") { return nil }
            index -= 1
        }
        guard index >= 0, let closeParen else { return nil }
        // The parameter list is the first parenthesis after the name (and generic parameters).
        var parameters = index + 1
        while parameters < open, !isPunctuation(parameters, "(") { parameters += 1 }
        guard let end = partner[parameters], end <= closeParen else { return nil }
        return MutationEdit(at: tokens[end].range.upperBound, insert: " async")
    }

    /// An edit that deletes the statement `statement` with its line when nothing else is on it.
    func deletion(of statement: ClosedRange<Int>) -> MutationEdit {
        var start = tokens[statement.lowerBound].range.lowerBound
        var end = tokens[statement.upperBound].range.upperBound
        var before = start
        while before > 0, scalars[before - 1] == " " || scalars[before - 1] == "\t" { before -= 1 }
        var after = end
        while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
        let lineStartsBefore = before == 0 || scalars[before - 1] == "\n" || scalars[before - 1] == "\r"
        if lineStartsBefore, after < scalars.count, scalars[after] == "\n" || scalars[after] == "\r" {
            start = before
            end = after + (scalars[after] == "\r" && after + 1 < scalars.count && scalars[after + 1] == "\n" ? 2 : 1)
        }
        return MutationEdit(range: start..<end, replacement: "")
    }
}

/// One change to a source's text: `range` (scalar offsets) replaced by `replacement`.
struct MutationEdit: Equatable {
    var range: Range<Int>
    var replacement: String

    init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    init(at offset: Int, insert text: String) {
        self.init(range: offset..<offset, replacement: text)
    }
}

extension MutationSource {
    /// The source with `edits` applied; they must not overlap.
    func applying(_ edits: [MutationEdit]) -> String {
        var result = String.UnicodeScalarView()
        var cursor = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound || ($0.range.lowerBound == $1.range.lowerBound && $0.range.isEmpty) }) {
            guard edit.range.lowerBound >= cursor else { continue }
            result.append(contentsOf: scalars[cursor..<edit.range.lowerBound])
            result.append(contentsOf: edit.replacement.unicodeScalars)
            cursor = edit.range.upperBound
        }
        result.append(contentsOf: scalars[cursor...])
        return String(result)
    }
}
