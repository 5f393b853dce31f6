/// How close what a learner wrote is to what the reference solution wrote, measured on code
/// tokens so that comments, white space, blank lines and renamed local names change nothing.
///
/// Only the written part is compared: the lines of each file that differ from the shipped file
/// (lines compared as their normalised code tokens, so re-indenting or commenting a shipped line
/// does not make it written). Most of an exercise's file is shipped code that every answer keeps;
/// compared whole, an honest answer looks like the reference because of what both kept. Each
/// file becomes its code tokens (comments and the text of literals dropped); names declared with
/// `let`, `var`, `for … in` or as closure parameters — the names a copier renames — become one
/// placeholder; every other name stays as written. The similarity of two token sequences is
/// 2·LCS / (m + n). A submission is flagged `copied-solution` when the reference wrote at least
/// ``minimumWrittenTokens`` tokens (a short fix has one right form, which an honest learner finds
/// too) and what the learner wrote reaches ``threshold``. It is a prompt for the instructor to
/// look, never part of a grade.
public enum SolutionSimilarity {
    /// 1: what the learner wrote equals what the reference wrote, once comments, white space,
    /// literal text and local names are set aside. Measured on the course's honest answers
    /// (`SimilarityCorpusTests`): some `also-correct` answers differ from the reference in one
    /// token of a hundred (0.99), so any lower threshold accuses them; a copy with cosmetic edits
    /// scores exactly 1.
    public static let threshold = 1.0

    /// Below this many written tokens in the reference, an answer is not judged: a short fix has
    /// one right form, which an honest learner writes too.
    public static let minimumWrittenTokens = 24

    /// The tokenizer behind the measure: one line to change if the project's tokenizers merge.
    static func codeTokens(_ source: String) -> [SwiftToken] {
        SwiftTokenizer.codeTokens(in: source)
    }

    /// Names declared as locals: after `let`/`var` (one name or a tuple of names), between `for`
    /// and `in`, and the parameters of a closure (`{ a, b in`).
    public static func localNames(_ tokens: [SwiftToken]) -> Set<String> {
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

    /// How similar one learner file is to its reference, from 0 to 1, the whole files compared.
    public static func similarity(_ learner: String, _ reference: String) -> Double {
        let mine = codeTokens(learner)
        let theirs = codeTokens(reference)
        let locals = localNames(mine).union(localNames(theirs))
        return ratio(normalizedTokens(mine, locals: locals), normalizedTokens(theirs, locals: locals))
    }

    /// What was written in each file of an exercise, the learner's and the reference's, as
    /// normalised tokens in file order (pairs in the same order; a nil shipped file is unknown,
    /// so all of that file counts as written).
    public static func written(learner: [String], reference: [String], shipped: [String?]) -> (learner: [String], reference: [String]) {
        var mine: [String] = []
        var theirs: [String] = []
        for index in learner.indices where index < reference.count {
            let original = index < shipped.count ? shipped[index] : nil
            let tokens = (codeTokens(learner[index]), codeTokens(reference[index]), original.map(codeTokens) ?? [])
            let locals = localNames(tokens.0).union(localNames(tokens.1)).union(localNames(tokens.2))
            let lines = (codeLines(tokens.0, locals: locals), codeLines(tokens.1, locals: locals), codeLines(tokens.2, locals: locals))
            mine += linesNotIn(lines.0, base: lines.2).flatMap { $0 }
            theirs += linesNotIn(lines.1, base: lines.2).flatMap { $0 }
        }
        return (mine, theirs)
    }

    /// How similar what the learner wrote is to what the reference wrote, and how much the
    /// reference wrote (in tokens).
    public static func writtenSimilarity(learner: [String], reference: [String], shipped: [String?]) -> (ratio: Double, referenceTokens: Int) {
        let parts = written(learner: learner, reference: reference, shipped: shipped)
        return (ratio(parts.learner, parts.reference), parts.reference.count)
    }

    /// True when what the learner wrote is at least `threshold` similar to what the reference
    /// wrote, and the reference wrote at least ``minimumWrittenTokens``. A learner who wrote
    /// nothing (the shipped file) is never a copy.
    public static func isCopy(learner: [String], reference: [String], shipped: [String?] = []) -> Bool {
        guard !learner.isEmpty, learner.count == reference.count else { return false }
        let measured = writtenSimilarity(learner: learner, reference: reference, shipped: shipped)
        return measured.referenceTokens >= minimumWrittenTokens && measured.ratio >= threshold
    }

    /// A file's code lines, each as its normalised tokens; lines without code are left out.
    static func codeLines(_ tokens: [SwiftToken], locals: Set<String>) -> [[String]] {
        var lines: [[String]] = []
        var currentLine = -1
        for (token, text) in zip(tokens, normalizedTokens(tokens, locals: locals)) {
            if token.line != currentLine {
                lines.append([])
                currentLine = token.line
            }
            lines[lines.count - 1].append(text)
        }
        return lines
    }

    /// The lines of `lines` that a longest common subsequence with `base` leaves unmatched (the
    /// lines written or changed), each run after a marker of its place in `base`.
    static func linesNotIn(_ lines: [[String]], base: [[String]]) -> [[String]] {
        guard !base.isEmpty else { return lines }
        var numbers: [[String]: Int] = [:]
        func number(_ line: [String]) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let x = lines.map(number)
        let y = base.map(number)
        // The full table, kept to walk back: a file has a few hundred lines at most.
        var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        // Each run of written lines starts with where it stands among the shipped lines, so the
        // same lines written somewhere else are another answer.
        var unmatched: [[String]] = []
        var (i, j) = (0, 0)
        var inRun = false
        while i < x.count {
            if j < y.count, x[i] == y[j] {
                i += 1
                j += 1
                inRun = false
            } else if j < y.count, table[i][j + 1] >= table[i + 1][j] {
                j += 1
            } else {
                if !inRun { unmatched.append(["<after \(j)>"]) }
                inRun = true
                unmatched.append(lines[i])
                i += 1
            }
        }
        return unmatched
    }
}
