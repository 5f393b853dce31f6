/// The diagnostic knowledge base: finds the explanation of a diagnostic, a pasted message or a
/// group name.
public struct KnowledgeBase: Sendable {
    public static let directory = "Lessons/Explanations"

    public var entries: [Explanation]

    public init(entries: [Explanation]) {
        self.entries = entries
    }

    /// How an entry matched: by internal id (most precise), by group, or by message shape.
    public enum Match: Sendable, Equatable, Comparable {
        case pattern(length: Int)
        case group
        case identifier
    }

    /// The best entry for a diagnostic: id beats group beats the longest matching pattern.
    public func explanation(for diagnostic: Diagnostic) -> Explanation? {
        var best: (match: Match, entry: Explanation)?
        for entry in entries {
            guard let match = Self.match(entry, diagnostic) else { continue }
            if let current = best, current.match >= match { continue }
            best = (match, entry)
        }
        return best?.entry
    }

    static func match(_ entry: Explanation, _ diagnostic: Diagnostic) -> Match? {
        if let id = diagnostic.identifier, entry.ids.contains(id) { return .identifier }
        if let group = diagnostic.group, entry.groups.contains(group) { return .group }
        let message = normalized(diagnostic.message)
        let lengths = entry.patterns.map(normalized).filter { pattern in
            // "* actor-isolated …" also matches a message that starts with "actor-isolated …".
            MessagePattern.matches(pattern, message)
                || (pattern.hasPrefix("* ") && MessagePattern.matches(String(pattern.dropFirst(2)), message))
        }.map(\.count)
        return lengths.max().map { .pattern(length: $0) }
    }

    /// Explanations for text a learner pasted: compiler lines (with or without a location), a
    /// bare message, a run-time report, or just a group name such as `SendingRisksDataRace`.
    public func explanations(forText text: String) -> [(diagnostic: Diagnostic, explanation: Explanation?)] {
        let trimmed = text.trimmingCharacters(in: " \n\t#[]")
        if !trimmed.contains(" "), let entry = entries.first(where: { $0.groups.contains(trimmed) || $0.ids.contains(trimmed) }) {
            // A name looked up, not a diagnostic: no message to repeat, but keep the group's link.
            return [(Diagnostic(severity: .error, message: "", group: entry.groups.contains(trimmed) ? trimmed : nil), entry)]
        }
        let parsed = DiagnosticParser.parse(text).filter { $0.severity != .note }
        if !parsed.isEmpty {
            return parsed.map { ($0, explanation(for: $0)) }
        }
        // A bare message or a run-time report: try it line by line, keep the first that matches.
        for line in text.split(whereSeparator: \.isNewline) {
            let diagnostic = DiagnosticParser.makeDiagnostic(severity: .error, file: nil, line: nil, column: nil, text: line.drop { $0 == " " })
            if let entry = explanation(for: diagnostic) { return [(diagnostic, entry)] }
        }
        let first = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
        return [(DiagnosticParser.makeDiagnostic(severity: .error, file: nil, line: nil, column: nil, text: Substring(first)), nil)]
    }

    /// Lower-cased, with every quoted name emptied: `property 'photos'` → `property ''`, so the
    /// names that change from program to program never decide a match.
    static func normalized(_ text: String) -> String {
        var out = ""
        var quoted = false
        for character in text.lowercased() {
            if character == "'" {
                out.append(character)
                quoted.toggle()
            } else if !quoted {
                out.append(character)
            }
        }
        return out
    }
}

/// Glob matching where `*` stands for any text (including none).
enum MessagePattern {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        var rest = Substring(text)
        for (index, part) in parts.enumerated() {
            if part.isEmpty { continue }
            if index == 0 {
                guard rest.hasPrefix(part) else { return false }
                rest = rest.dropFirst(part.count)
            } else if index == parts.count - 1 {
                return rest.hasSuffix(part)
            } else {
                guard let range = rest.range(of: part) else { return false }
                rest = rest[range.upperBound...]
            }
        }
        return true
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
