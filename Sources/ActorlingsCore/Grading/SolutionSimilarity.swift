/// How close a learner's files are to the reference solution, measured on code tokens so that
/// comments, white space, blank lines and renamed local names change nothing.
///
/// Each file becomes its code tokens (comments and the text of literals dropped). Names the
/// files declare with `let`, `var`, `for … in` or as closure parameters — the names a copier
/// renames — become one placeholder; every other name (types, functions, labels, keywords)
/// stays as written. The similarity of two token sequences is 2·LCS / (m + n), 1 when they are
/// equal, and a submission is flagged `copied-solution` when every learner file reaches
/// `threshold` and is at least as close to the reference as to the shipped file. It is a prompt for the instructor to look, never part of a grade: a minimal fix
/// can legitimately equal the reference.
public enum SolutionSimilarity {
    /// 0.95: a 200-token file may differ from the reference in up to about ten tokens.
    public static let threshold = 0.95

    /// The tokenizer behind the measure: one line to change if the project's tokenizers merge.
    static func codeTokens(_ source: String) -> [SwiftToken] {
        SwiftTokenizer.codeTokens(in: source)
    }

    /// Names declared as locals: after `let`/`var` (one name or a tuple of names), between `for`
    /// and `in`, and the parameters of a closure (`{ a, b in`).
    static func localNames(_ tokens: [SwiftToken]) -> Set<String> {
        var names: Set<String> = []
        var index = 0
        func collect(from start: Int, until stop: (SwiftToken) -> Bool) {
            var cursor = start
            while cursor < tokens.count, cursor < start + 12, !stop(tokens[cursor]) {
                if tokens[cursor].kind == .identifier, tokens[cursor].text != "_", tokens[cursor].text != "let", tokens[cursor].text != "var" {
                    names.insert(tokens[cursor].text)
                }
                cursor += 1
            }
        }
        while index < tokens.count {
            let token = tokens[index]
            let next = index + 1 < tokens.count ? tokens[index + 1] : nil
            switch (token.kind, token.text) {
            case (.identifier, "let"), (.identifier, "var"):
                if let next, next.kind == .identifier {
                    names.insert(next.text)
                } else if next?.text == "(" {
                    collect(from: index + 2, until: { $0.text == ")" })
                }
            case (.identifier, "for"):
                collect(from: index + 1, until: { $0.text == "in" || $0.text == "{" })
            case (.punctuation, "{"):
                // A closure's parameters: names, commas and parentheses up to `in`.
                var cursor = index + 1
                while cursor < tokens.count, cursor < index + 12,
                    (tokens[cursor].kind == .identifier && tokens[cursor].text != "in") || [",", "(", ")"].contains(tokens[cursor].text)
                {
                    cursor += 1
                }
                if cursor < tokens.count, cursor > index + 1, tokens[cursor].text == "in" {
                    collect(from: index + 1, until: { $0.text == "in" })
                }
            default:
                break
            }
            index += 1
        }
        return names
    }

    /// Tokens as compared: local names become a placeholder, literals their kind.
    static func normalizedTokens(_ tokens: [SwiftToken], locals: Set<String>) -> [String] {
        tokens.map { token in
            switch token.kind {
            case .identifier: locals.contains(token.text) ? "<local>" : token.text
            case .stringLiteral: "<string>"
            case .regexLiteral: "<regex>"
            case .number, .operator, .punctuation: token.text
            }
        }
    }

    /// 2·LCS / (m + n): 1 for equal sequences, 0 for sequences with nothing in common.
    public static func ratio(_ a: [String], _ b: [String]) -> Double {
        if a.isEmpty && b.isEmpty { return 1 }
        // Tokens as small integers, compared far faster than strings.
        var numbers: [String: Int] = [:]
        func number(_ token: String) -> Int {
            if let known = numbers[token] { return known }
            numbers[token] = numbers.count
            return numbers.count - 1
        }
        let x = a.map(number)
        let y = b.map(number)
        // A common prefix and suffix belong to a longest common subsequence: only the middle,
        // small for a near-copy, needs the table.
        var start = 0
        while start < x.count, start < y.count, x[start] == y[start] { start += 1 }
        var end = 0
        while end < x.count - start, end < y.count - start, x[x.count - 1 - end] == y[y.count - 1 - end] { end += 1 }
        let middle = (x[start..<(x.count - end)], y[start..<(y.count - end)])
        // One row of the LCS table at a time: O(m·n) time, O(n) memory.
        var previous = [Int](repeating: 0, count: middle.1.count + 1)
        var current = previous
        for p in middle.0 {
            for (j, q) in middle.1.enumerated() {
                current[j + 1] = p == q ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            swap(&previous, &current)
        }
        let common = start + end + previous[middle.1.count]
        return 2 * Double(common) / Double(a.count + b.count)
    }

    /// How similar one learner file is to its reference, from 0 to 1.
    public static func similarity(_ learner: String, _ reference: String) -> Double {
        let mine = codeTokens(learner)
        let theirs = codeTokens(reference)
        let locals = localNames(mine).union(localNames(theirs))
        return ratio(normalizedTokens(mine, locals: locals), normalizedTokens(theirs, locals: locals))
    }

    /// True when every learner file is at least `threshold` similar to its reference and no
    /// less similar to it than to the shipped file (pairs in the same order; a nil shipped file
    /// is unknown). The second rule keeps an unsolved exercise — the shipped code, often only a
    /// few tokens from the solution — from being flagged.
    public static func isCopy(learner: [String], reference: [String], shipped: [String?] = []) -> Bool {
        guard !learner.isEmpty, learner.count == reference.count else { return false }
        return learner.indices.allSatisfy { index in
            let toReference = similarity(learner[index], reference[index])
            guard toReference >= threshold else { return false }
            guard index < shipped.count, let original = shipped[index] else { return true }
            return toReference >= similarity(learner[index], original)
        }
    }
}
