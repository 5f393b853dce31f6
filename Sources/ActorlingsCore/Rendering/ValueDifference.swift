/// Cuts the long values of a failed expectation down to what differs, as Swift Testing's own
/// difference rendering does: two 100-element arrays become the differing elements with one
/// neighbour either side and a count of the rest; two long strings become the stretch around
/// their first difference.
///
/// It reads Swift Testing's message form, `Expectation failed: (lhs → value) == (rhs → value)`
/// (a side may be a bare literal) in its first line; a message in any other form, or whose
/// values are short, is returned as it is.
public enum ValueDifference {
    /// Values shorter than this together are shown whole.
    public static let limit = 100
    /// At most this many differing elements are listed; the rest are counted.
    static let shownDifferences = 5

    /// `message` with long compared values shortened; unchanged when nothing is long.
    public static func shorten(_ message: String) -> String {
        // Swift Testing may add lines of its own under the first ("inserted [..], removed [..]"):
        // they are short, and kept.
        guard let end = message.firstIndex(of: "\n") else { return shortenLine(message) }
        return shortenLine(String(message[..<end])) + message[end...]
    }

    private static func shortenLine(_ message: String) -> String {
        let prefix = "Expectation failed: "
        guard message.hasPrefix(prefix) else { return message }
        let expression = message.dropFirst(prefix.count)
        guard let (lhs, comparison, rhs) = splitComparison(expression) else { return message }
        let left = side(lhs)
        let right = side(rhs)
        guard left.value.count + right.value.count > limit else { return message }
        if let leftElements = elements(of: left.value), let rightElements = elements(of: right.value) {
            return prefix + "\(left.name) \(comparison) \(right.name)\n" + arrayDifference(leftElements, rightElements, names: (left.name, right.name))
        }
        return prefix + "\(left.name) \(comparison) \(right.name)\n" + textDifference(left.value, right.value, names: (left.name, right.name))
    }

    /// The differing elements with a neighbour of context, then a count of the equal ones.
    static func arrayDifference(_ left: [Substring], _ right: [Substring], names: (String, String)) -> String {
        let count = max(left.count, right.count)
        let differing = (0..<count).filter { index in
            index >= left.count || index >= right.count || left[index] != right[index]
        }
        let sizes =
            left.count == right.count
            ? "\(PathWords.count(left.count, "element")) each"
            : "\(names.0) has \(PathWords.count(left.count, "element")), \(names.1) \(right.count)"
        var lines = ["  \(sizes); \(differing.count) \(differing.count == 1 ? "differs" : "differ") ([index] left ≠ right):"]
        let listed = Array(differing.prefix(shownDifferences))
        var shown = Set<Int>()
        for index in listed {
            for neighbour in max(index - 1, 0)...min(index + 1, count - 1) { shown.insert(neighbour) }
        }
        var previous: Int?
        for index in shown.sorted() {
            if let previous, index > previous + 1 { lines.append("    …") }
            let mine = index < left.count ? String(left[index]) : "(none)"
            let theirs = index < right.count ? String(right[index]) : "(none)"
            if differing.contains(index) {
                lines.append("  ✘ [\(index)] \(mine) ≠ \(theirs)")
            } else {
                lines.append("    [\(index)] \(mine)")
            }
            previous = index
        }
        // Neighbours shown for context may differ too: only those out of sight are counted.
        let unlisted = differing.filter { !shown.contains($0) }.count
        let equalHidden = count - shown.count - unlisted
        var rest: [String] = []
        if unlisted > 0 { rest.append("\(unlisted) more \(unlisted == 1 ? "difference" : "differences")") }
        if equalHidden > 0 { rest.append("\(PathWords.count(equalHidden, "equal element")) not shown") }
        if !rest.isEmpty { lines.append("  … and " + rest.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    /// Both values cut to a stretch around the first character where they differ.
    static func textDifference(_ left: String, _ right: String, names: (String, String)) -> String {
        let leftCharacters = Array(left)
        let rightCharacters = Array(right)
        var common = 0
        while common < leftCharacters.count, common < rightCharacters.count, leftCharacters[common] == rightCharacters[common] {
            common += 1
        }
        func excerpt(_ characters: [Character]) -> String {
            let start = max(common - 20, 0)
            let end = min(common + 30, characters.count)
            return (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        }
        let width = max(names.0.count, names.1.count)
        return [
            "  they differ from character \(common + 1) on (\(names.0): \(leftCharacters.count), \(names.1): \(rightCharacters.count) characters):",
            "    " + names.0.padding(width) + "  " + excerpt(leftCharacters),
            "    " + names.1.padding(width) + "  " + excerpt(rightCharacters),
        ].joined(separator: "\n")
    }

    /// `(lhs → value)` as its expression and value; a bare side is both.
    static func side(_ text: Substring) -> (name: String, value: String) {
        let trimmed = text.trimmingSpaces()
        if trimmed.hasPrefix("("), trimmed.hasSuffix(")"), let arrow = trimmed.range(of: " → ") {
            let name = trimmed[trimmed.index(after: trimmed.startIndex)..<arrow.lowerBound]
            let value = trimmed[arrow.upperBound..<trimmed.index(before: trimmed.endIndex)]
            return (String(name), String(value))
        }
        return (String(trimmed), String(trimmed))
    }

    /// The expression split at its top-level `==` or `!=`.
    static func splitComparison(_ text: Substring) -> (Substring, String, Substring)? {
        var found: (Substring, String, Substring)?
        forEachTopLevelCharacter(in: text) { index, character in
            guard character == " " else { return false }
            let rest = text[index...]
            for comparison in [" == ", " != "] where rest.hasPrefix(comparison) {
                found = (text[..<index], comparison.trimmingSpaces(), text[text.index(index, offsetBy: comparison.count)...])
                return true
            }
            return false
        }
        return found
    }

    /// The top-level elements of an array literal (`[1, 2, 3]`), nil for anything else.
    static func elements(of value: String) -> [Substring]? {
        guard value.hasPrefix("["), value.hasSuffix("]"), !value.hasSuffix(":]") else { return nil }
        let inner = value.dropFirst().dropLast()
        guard !inner.isEmpty else { return [] }
        var result: [Substring] = []
        var start = inner.startIndex
        forEachTopLevelCharacter(in: inner) { index, character in
            if character == "," {
                result.append(inner[start..<index].trimmingSpaces()[...])
                start = inner.index(after: index)
            }
            return false
        }
        result.append(inner[start...].trimmingSpaces()[...])
        return result
    }

    /// Calls `visit` with each character outside string literals and brackets, in order, until it
    /// returns true.
    private static func forEachTopLevelCharacter(in text: Substring, _ visit: (Substring.Index, Character) -> Bool) {
        var depth = 0
        var inString = false
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if "([{".contains(character) {
                depth += 1
            } else if ")]}".contains(character) {
                depth -= 1
            } else if depth == 0, visit(index, character) {
                return
            }
            index = text.index(after: index)
        }
    }
}

extension StringProtocol {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    fileprivate func padding(_ width: Int) -> String {
        String(self) + String(repeating: " ", count: Swift.max(width - count, 0))
    }
}
