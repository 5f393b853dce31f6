/// The diagnostic knowledge base: finds the explanation of a diagnostic, a pasted message or a
/// group name.
public struct KnowledgeBase: Sendable {
    public static let directory = "Lessons/Explanations"

    public var entries: [Explanation]
    /// The toolchain's concurrency diagnostics: what a message without an id is, by its shape.
    public var catalog: DiagnosticCatalog

    public init(entries: [Explanation], catalog: DiagnosticCatalog = DiagnosticCatalog(entries: [])) {
        self.entries = entries
        self.catalog = catalog
    }

    /// How an entry matched: by internal id (most precise), by the shape of the format of an id
    /// it serves, by group, or by a hand-written pattern.
    public enum Match: Sendable, Equatable, Comparable {
        case pattern(length: Int)
        case group
        /// The more literal text the catalog format has, the more specific the match.
        case shape(length: Int)
        case identifier
    }

    /// The best entry for a diagnostic: id beats catalog shape beats group beats the longest
    /// matching pattern.
    public func explanation(for diagnostic: Diagnostic) -> Explanation? {
        // The message's shape counts even when the line carries an id no entry lists (an entry
        // may serve a twin id of the same format): a tag never makes the answer worse.
        let recognised = catalog.recognise(diagnostic.message)
        var best: (match: Match, entry: Explanation)?
        for entry in entries {
            guard let match = Self.match(entry, diagnostic, recognised: recognised) else { continue }
            if let current = best, current.match >= match { continue }
            best = (match, entry)
        }
        return best?.entry
    }

    /// The catalog's entries for a diagnostic: the one its id names, else those its message fits.
    public func catalogEntries(for diagnostic: Diagnostic) -> [DiagnosticCatalog.Entry] {
        if let id = diagnostic.identifier { return catalog.entry(id: id).map { [$0] } ?? [] }
        return catalog.recognise(diagnostic.message).compactMap { catalog.entry(id: $0.id) }
    }

    /// True when the toolchain's catalog says this is a concurrency diagnostic: by its id when it
    /// has one (ids are exact), else by the shape of its message. Never by loose words.
    public func isConcurrency(_ diagnostic: Diagnostic) -> Bool {
        !catalogEntries(for: diagnostic).isEmpty || explanation(for: diagnostic) != nil
    }

    /// A concurrency diagnostic the knowledge base has no entry for: its family and the entry
    /// that comes nearest, so the answer is never only "no explanation yet".
    public struct Unexplained: Sendable {
        public var id: String
        public var family: String
        public var nearest: Explanation?
        /// True for a note: it belongs to the error or warning above it, which has the answer.
        public var isNote: Bool = false
    }

    public func unexplained(_ diagnostic: Diagnostic) -> Unexplained? {
        guard let known = catalogEntries(for: diagnostic).first else { return nil }
        // A note is context for the diagnostic above it: a guess from shared words would be a
        // guess about a different problem.
        if known.kind == .note { return Unexplained(id: known.id, family: known.family, nearest: nil, isNote: true) }
        let words = Self.words(known.id + " " + known.format)
        var best: (score: Int, entry: Explanation)?
        for entry in entries where !entry.runtime {
            let served = entry.ids.compactMap { catalog.entry(id: $0) }
            var score = served.contains { $0.family == known.family } ? 4 : 0
            score +=
                Self.words(entry.title + " " + entry.ids.joined(separator: " ") + " " + served.map(\.format).joined(separator: " "))
                .intersection(words).count
            if score > (best?.score ?? 0) { best = (score, entry) }
        }
        return Unexplained(id: known.id, family: known.family, nearest: best?.entry)
    }

    private static let commonWords: Set<String> = ["cannot", "with", "from", "that", "this", "type", "the", "can", "not", "be", "to", "in", "of", "a", "an"]

    static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count > 3 && !commonWords.contains($0) })
    }

    static func match(_ entry: Explanation, _ diagnostic: Diagnostic, recognised: [(id: String, length: Int)] = []) -> Match? {
        if let id = diagnostic.identifier, entry.ids.contains(id) { return .identifier }
        if let best = recognised.first(where: { entry.ids.contains($0.id) }) { return .shape(length: best.length) }
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
        let parsed = DiagnosticParser.parse(text)
        // Notes belong to the diagnostic above them; a note pasted alone is explained itself.
        let problems = parsed.filter { $0.severity != .note }
        if !problems.isEmpty {
            return problems.map { ($0, explanation(for: $0) ?? $0.notes.lazy.compactMap(explanation(for:)).first) }
        }
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
    public static func normalized(_ text: String) -> String {
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
