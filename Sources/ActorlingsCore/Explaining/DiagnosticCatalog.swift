/// The concurrency diagnostics a Swift toolchain can print: ids and message formats derived from
/// its own list (`usr/share/swift/diagnostics/en.strings`), kept as a snapshot in
/// `Lessons/Explanations/Catalog/concurrency.tsv` so matching and the coverage test run offline.
public struct DiagnosticCatalog: Sendable, Equatable {
    public static let path = "Lessons/Explanations/Catalog/concurrency.tsv"
    public static let formatLine = "# actorlings diagnostic catalog, format 1"

    public struct Entry: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            case error, warning, note
        }

        public var kind: Kind
        public var id: String
        /// The message format as the toolchain writes it: `%0`, `%kind1`, `%select{a|b}2` …
        public var format: String
        public var distributed: Bool { CatalogRules.isDistributed(id: id, format: format) }
        public var family: String { CatalogRules.family(id: id, format: format) }

        /// Messages the compiler could print from this format (every `%select` alternative).
        public func sampleMessages() -> [String] {
            MessageShape(format: format).samples()
        }

        public init(kind: Kind, id: String, format: String) {
            self.kind = kind
            self.id = id
            self.format = format
        }
    }

    public var entries: [Entry]
    private let shapes: [(entry: Entry, shape: MessageShape)]
    private let positions: [String: Int]

    public init(entries: [Entry]) {
        self.entries = entries
        self.shapes = entries.map { ($0, MessageShape(format: $0.format)) }
        self.positions = Dictionary(entries.enumerated().map { ($1.id, $0) }) { first, _ in first }
    }

    public static func == (lhs: DiagnosticCatalog, rhs: DiagnosticCatalog) -> Bool {
        lhs.entries == rhs.entries
    }

    public func entry(id: String) -> Entry? {
        positions[id].map { entries[$0] }
    }

    /// The ids whose format fits `message`, best first: the most literal text matched (so
    /// "sending 'x' risks causing data races" beats "closure captures %0"), with that length.
    public func recognise(_ message: String) -> [(id: String, length: Int)] {
        let text = Self.withoutModeSuffix(message)
        return
            shapes
            .compactMap { item -> (id: String, length: Int)? in
                guard item.shape.literalLength >= MessageShape.minimumLiteralLength, item.shape.matches(text) else { return nil }
                return (item.entry.id, item.shape.literalLength)
            }
            .sorted { $0.length > $1.length }
    }

    /// Drops what the compiler appends to a downgraded error: "; this is an error in the Swift 6
    /// language mode" and "; this will be an error in a future Swift language mode".
    static func withoutModeSuffix(_ message: String) -> String {
        for marker in ["; this is an error in the swift ", "; this will be an error in a future swift "] {
            if let range = message.lowercased().range(of: marker) {
                let offset = message.lowercased().distance(from: message.lowercased().startIndex, to: range.lowerBound)
                return String(message.prefix(offset))
            }
        }
        return message
    }

    // MARK: Severities

    /// Every diagnostic of the toolchain with the kind its definition gives it (`ERROR`,
    /// `WARNING`, `REMARK`, `NOTE` in the compiler's `Diagnostics*.def`), read from the
    /// compiler binary's own tables because `en.strings` carries no kind. Its header says how.
    public static let severitiesPath = "Lessons/Explanations/Catalog/severities.tsv"

    /// `kind<TAB>id` lines → kinds; a remark counts as a note (neither is a problem to fix).
    public static func parseSeverities(_ text: String, file: String = severitiesPath) throws(CourseLoadError) -> [String: Entry.Kind] {
        var kinds: [String: Entry.Kind] = [:]
        var problems: [CourseProblem] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let kind = fields.first.flatMap { $0 == "remark" ? .note : Entry.Kind(rawValue: String($0)) }
            guard fields.count == 2, let kind, !fields[1].isEmpty else {
                problems.append(CourseProblem(file: file, line: index + 1, message: "expected `error|warning|remark|note<TAB>id`"))
                continue
            }
            kinds[String(fields[1])] = kind
        }
        if !problems.isEmpty { throw CourseLoadError(problems: problems) }
        return kinds
    }

    /// The catalog with each entry's kind taken from the toolchain's definitions where they
    /// name it (the derivation rules only guess it from words).
    public func withSeverities(_ kinds: [String: Entry.Kind]) -> DiagnosticCatalog {
        DiagnosticCatalog(
            entries: entries.map { entry in
                var entry = entry
                if let kind = kinds[entry.id] { entry.kind = kind }
                return entry
            })
    }

    // MARK: Deriving and storing

    /// The concurrency subset of a toolchain's `en.strings` (`"id" = "format";` lines).
    public static func derive(fromStrings text: String) -> DiagnosticCatalog {
        var entries: [Entry] = []
        for line in text.split(whereSeparator: \.isNewline) {
            guard let (id, format) = parseStringsLine(line), CatalogRules.isConcurrency(id: id, format: format) else { continue }
            entries.append(Entry(kind: CatalogRules.kind(id: id, format: format), id: id, format: format))
        }
        return DiagnosticCatalog(entries: entries)
    }

    /// `"id" = "format";` → (id, format), undoing the file's `\"` and `\\` escapes.
    static func parseStringsLine(_ line: Substring) -> (String, String)? {
        guard line.hasPrefix("\""), line.hasSuffix("\";"), let equals = line.range(of: "\" = \"") else { return nil }
        let id = String(line[line.index(after: line.startIndex)..<equals.lowerBound])
        let body = line[equals.upperBound..<line.index(line.endIndex, offsetBy: -2)]
        var format = ""
        var escaped = false
        for character in body {
            if escaped {
                format.append(character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                format.append(character)
            }
        }
        return (id, format)
    }

    /// The snapshot file: a header, then `kind<TAB>id<TAB>format` lines.
    public func serialized(source: String) -> String {
        var lines = [Self.formatLine, "# derived from \(source) by `actorlings dev generate`; rules: Documentation/Explanations.md"]
        for entry in entries {
            lines.append("\(entry.kind.rawValue)\t\(entry.id)\t\(entry.format)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the snapshot; problems name the line.
    public static func parse(_ text: String, file: String = path) throws(CourseLoadError) -> DiagnosticCatalog {
        var entries: [Entry] = []
        var problems: [CourseProblem] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let kind = Entry.Kind(rawValue: String(fields[0])), !fields[1].isEmpty else {
                problems.append(
                    CourseProblem(
                        file: file, line: index + 1,
                        message: "expected `error|warning|note<TAB>id<TAB>format`; regenerate it with `actorlings dev generate`"))
                continue
            }
            entries.append(Entry(kind: kind, id: String(fields[1]), format: String(fields[2])))
        }
        if !problems.isEmpty { throw CourseLoadError(problems: problems) }
        return DiagnosticCatalog(entries: entries)
    }
}
