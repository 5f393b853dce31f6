/// Checks that an exercise's TODO comments describe a symptom, not the construct that fixes it.
///
/// A TODO that says "make it an actor" lets the learner copy a shape instead of finding the cause
/// from the diagnostic, the failing test and the lesson; the hint ladder is where the construct may
/// be named. So a TODO must not name a construct that the reference solution introduces: a name
/// found in the solution's code tokens but in none of the shipped sources' code tokens. The tests
/// don't count as shipped here: a test that declares an `actor` of its own doesn't make "make it
/// an actor" a symptom.
///
/// Not every such name is a construct. A plain lowercase word (`total`, `pending`) is as often
/// English as it is a local variable, so it counts only when the TODO puts it in backticks, or
/// when the solution writes it as an attribute (`@concurrent`) or a type's member (`Task.detached`).
/// Keywords that fix things (`actor`, `nonisolated`, `sending`, `weak`) always count; keywords
/// that are ordinary English or part of every edit (`in`, `for`, `let`, `self`) never do. A name
/// with a capital, a digit or an underscore (`Mutex`, `withTaskGroup`) is never English and
/// always counts. "actor" right after "main" is the prose name of `MainActor`, not the keyword.
public enum TodoReview {
    /// One TODO word that names what the solution introduces.
    public struct Problem: Sendable, Equatable {
        /// 1-based line of the shipped file on which the word is written.
        public var line: Int
        public var word: String

        public var message: String {
            "the TODO names `\(word)`, which the reference solution introduces; describe the symptom a user or a "
                + "reviewer would report instead, and leave the construct to the diagnostic, the tests and the hints"
        }
    }

    /// Keywords that are English words or appear in any edit, so naming them gives nothing away.
    static let commonKeywords: Set<String> = [
        "Any", "Self", "any", "as", "break", "case", "catch", "continue", "default", "do", "each", "else",
        "false", "fileprivate", "final", "for", "func", "get", "guard", "if", "import", "in", "init", "internal",
        "is", "let", "nil", "open", "operator", "package", "private", "public", "repeat", "return", "self",
        "set", "some", "static", "super", "switch", "throw", "true", "try", "var", "where", "while",
    ]

    /// The problems of every TODO comment in `source`.
    /// - Parameters:
    ///   - source: one shipped file the learner edits.
    ///   - solution: the reference solution's files.
    ///   - shipped: the exercise's source files as shipped, protected ones included, tests not;
    ///     `source` among them.
    public static func problems(in source: String, solution: [String], shipped: [String]) -> [Problem] {
        let known = Set(shipped.flatMap(SwiftTokenizer.codeTokens(in:)).filter { $0.kind == .identifier }.map(\.text))
        let solutionTokens = solution.flatMap(SwiftTokenizer.codeTokens(in:))
        let introduced = Set(solutionTokens.filter { $0.kind == .identifier }.map(\.text)).subtracting(known)
        guard !introduced.isEmpty else { return [] }
        let spelledAsConstruct = constructSpellings(solutionTokens)
        var problems: [Problem] = []
        for comment in todoComments(in: source) {
            var previous = ""
            for (offset, text) in comment.lines.enumerated() {
                for (word, backticked) in words(in: text) {
                    // "the main actor" is the prose name of `MainActor`, not the keyword.
                    defer { previous = word }
                    guard introduced.contains(word), !(word == "actor" && previous.lowercased() == "main") else { continue }
                    let counts =
                        !isPlainWord(word)
                        || (SwiftLexeme.keywords.contains(word) && !commonKeywords.contains(word))
                        || (!SwiftLexeme.keywords.contains(word) && (backticked || spelledAsConstruct.contains(word)))
                    let problem = Problem(line: comment.line + offset, word: word)
                    if counts && !problems.contains(problem) { problems.append(problem) }
                }
            }
        }
        return problems
    }

    /// A TODO comment: its first line and the text of each of its lines.
    struct Comment: Equatable {
        var line: Int
        var lines: [String]
    }

    /// The TODO comments of `source`: a line comment that starts with `TODO` and the line comments
    /// right below it up to the next TODO, or a block comment that starts with `TODO`.
    static func todoComments(in source: String) -> [Comment] {
        var comments: [Comment] = []
        var line = 1
        var open: Comment?
        for lexeme in SwiftTokenizer.lexemes(in: source) {
            if lexeme.kind == .comment {
                let body = lexeme.text.drop { $0 == "/" || $0 == "*" || $0 == " " }
                if body.hasPrefix("TODO") {
                    if let open { comments.append(open) }
                    open = Comment(line: line, lines: lexeme.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                } else if lexeme.text.hasPrefix("//"), var continued = open, continued.line + continued.lines.count == line {
                    continued.lines.append(lexeme.text)
                    open = continued
                }
            } else if lexeme.text.contains(where: { !$0.isWhitespace }) || lexeme.text.filter({ $0 == "\n" }).count > 1 {
                if let open { comments.append(open) }
                open = nil
            }
            line += lexeme.text.reduce(0) { $0 + ($1.isNewline ? 1 : 0) }
        }
        if let open { comments.append(open) }
        return comments
    }

    /// The words of one line of prose, and whether each is inside backticks.
    static func words(in text: String) -> [(word: String, backticked: Bool)] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().flatMap { index, part in
            part.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map { (String($0), index % 2 == 1) }
        }
    }

    /// Whether `word` is all lowercase letters, so that it may be English.
    static func isPlainWord(_ word: String) -> Bool {
        word.allSatisfy { $0.isLetter && $0.isLowercase }
    }

    /// Names the solution writes as an attribute (`@concurrent`) or as a type's member (`Task.detached`).
    static func constructSpellings(_ tokens: [SwiftToken]) -> Set<String> {
        var names: Set<String> = []
        for index in tokens.indices.dropFirst() where tokens[index].kind == .identifier {
            let before = tokens[index - 1]
            if before.kind == .punctuation && before.text == "@" {
                names.insert(tokens[index].text)
            } else if before.text == ".", index >= 2, tokens[index - 2].kind == .identifier,
                tokens[index - 2].text.first?.isUppercase == true
            {
                names.insert(tokens[index].text)
            }
        }
        return names
    }
}
