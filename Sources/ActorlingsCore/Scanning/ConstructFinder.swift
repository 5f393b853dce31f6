import Foundation

/// Finds an exercise's forbidden constructs in the learner's files: attributes and modifiers in
/// the tokens, everything with a name in what the compiler resolved (``CompilerView``).
///
/// Each place is reported once, for the first construct in `constructs` that matches it, so
/// `exit` is "process control" rather than also "the C library" when both are forbidden.
public struct ConstructFinder: Sendable {
    /// One file of the learner's module.
    public struct Source: Sendable {
        /// The path the compiler was given (and so names in its dump).
        public var path: String
        /// The path shown to the learner.
        public var displayPath: String
        public var text: String

        public init(path: String, displayPath: String, text: String) {
            self.path = path
            self.displayPath = displayPath
            self.text = text
        }
    }

    public var constructs: [Construct]

    public init(constructs: [Construct]) {
        self.constructs = constructs
    }

    /// Whether any construct needs the compiler's view, which costs a type check.
    public var needsCompilerView: Bool { constructs.contains(where: \.needsCompilerView) }

    public func findings(in sources: [Source], view: CompilerView?) -> [ForbiddenFinding] {
        var found: [Key: ForbiddenFinding] = [:]
        var order: [Key] = []
        func add(_ construct: Construct, rank: Int, file: String, line: Int, column: Int) {
            var (file, line, column) = (file, line, column)
            if let site = Self.expansionSite(of: file, in: sources) { (file, line, column) = site }
            let source = sources.first { $0.path == file || $0.displayPath == file }
            let key = Key(file: source?.displayPath ?? file, line: line, column: column)
            if let existing = found[key] {
                guard rank < rankOf(existing.construct) else { return }
            } else {
                order.append(key)
            }
            found[key] = ForbiddenFinding(
                construct: construct, file: key.file, line: line, column: column,
                lineText: source.map { Self.line(line, of: $0.text) } ?? "")
        }
        var inLoop: (@Sendable (CompilerView.Location) -> Bool)?
        var idleTasks: (references: Set<Int>, asyncLets: [CompilerView.Location])?
        for (rank, construct) in constructs.enumerated() {
            for matcher in construct.matchers {
                switch matcher {
                case .syntax(let pattern):
                    for source in sources {
                        for match in ForbiddenConstructScanner.scan(source.text, for: [ConstructPattern(id: construct.id, pattern: pattern)]) {
                            add(construct, rank: rank, file: source.path, line: match.line, column: match.column)
                        }
                    }
                case .references(let patterns):
                    for reference in view?.references ?? [] where patterns.contains(where: { Self.name(reference.name, matches: $0) }) {
                        add(construct, rank: rank, file: reference.location.file, line: reference.location.line, column: reference.location.column)
                    }
                case .imports(let modules):
                    for item in view?.imports ?? [] where modules.contains(where: { Self.module(item.module, matches: $0) }) {
                        add(construct, rank: rank, file: item.location.file, line: item.location.line, column: item.location.column)
                    }
                case .kind(let kind, let inside):
                    guard let view else { continue }
                    if inside == .loop, inLoop == nil { inLoop = view.loopRegion() }
                    let placed = { (location: CompilerView.Location) in inside != .loop || inLoop?(location) == true }
                    var sites = view.references.enumerated().filter { kind.matches($0.element.name) && placed($0.element.location) }
                    if kind == .idleTask {
                        let idle = idleTasks ?? view.idleTaskReferences()
                        idleTasks = idle
                        sites = sites.filter { idle.references.contains($0.offset) }
                        for site in idle.asyncLets where placed(site) {
                            add(construct, rank: rank, file: site.file, line: site.line, column: site.column)
                        }
                    }
                    for (_, reference) in sites {
                        add(construct, rank: rank, file: reference.location.file, line: reference.location.line, column: reference.location.column)
                    }
                case .declarations(let names):
                    let taken = Set(names)
                    for declaration in view?.topLevelDeclarations ?? [] where taken.contains(declaration.name) {
                        add(
                            construct, rank: rank, file: declaration.location.file, line: declaration.location.line,
                            column: declaration.location.column)
                    }
                }
            }
        }
        return order.sorted().compactMap { found[$0] }
    }

    /// Where in a learner's file a macro was used, for a reference in its expansion: the dump
    /// names the expansion's buffer, e.g. `@__swiftmacro_…ScooterFleetTestsswift_…MX13_4_6expectfMf_.swift`
    /// (the file's name without its dot, then the 0-based line and column of `#expect`).
    static func expansionSite(of buffer: String, in sources: [Source]) -> (file: String, line: Int, column: Int)? {
        guard buffer.hasPrefix("@__swiftmacro_") else { return nil }
        func mangledName(_ source: Source) -> String {
            String(source.path.split(separator: "/").last ?? "").replacingOccurrences(of: ".", with: "")
        }
        // The longest name that fits: `ATests.swift` rather than `Tests.swift`.
        let named = sources.filter { buffer.contains(mangledName($0)) }
        guard let source = named.max(by: { mangledName($0).count < mangledName($1).count }) else { return nil }
        // The first `MX<line>_<column>_` is the outermost expansion, the one in the file.
        var rest = buffer[...]
        while let marker = rest.range(of: "MX") {
            let numbers = rest[marker.upperBound...].split(separator: "_", maxSplits: 2)
            if numbers.count >= 2, let line = Int(numbers[0]), let column = Int(numbers[1]) {
                return (source.path, line + 1, column + 1)
            }
            rest = rest[marker.upperBound...]
        }
        return nil
    }

    private func rankOf(_ construct: Construct) -> Int {
        constructs.firstIndex { $0.id == construct.id } ?? constructs.count
    }

    private struct Key: Hashable, Comparable {
        var file: String
        var line: Int
        var column: Int

        static func < (a: Key, b: Key) -> Bool {
            (a.file, a.line, a.column) < (b.file, b.line, b.column)
        }
    }

    /// `Dispatch.DispatchQueue` matches `Dispatch.DispatchQueue.main` and
    /// `Dispatch.DispatchQueue.init(label:)` but not `Dispatch.DispatchQueueish`; a final `*`
    /// matches any continuation (`Swift.Unsafe*`); a pattern ending in `(` or `:` is a prefix.
    static func name(_ name: String, matches pattern: String) -> Bool {
        if pattern.hasSuffix("*") {
            return name.hasPrefix(pattern.dropLast())
        }
        guard name.hasPrefix(pattern) else { return false }
        guard let last = pattern.last, last.isLetter || last.isNumber || last == "_" else { return true }
        let rest = name.dropFirst(pattern.count)
        return rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("(")
    }

    static func module(_ module: String, matches pattern: String) -> Bool {
        pattern.hasSuffix("*") ? module.hasPrefix(pattern.dropLast()) : module == pattern
    }

    /// Line `number` (1-based) of `text`, trimmed, to quote back to the learner.
    static func line(_ number: Int, of text: String) -> String {
        var current = 1
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == number { return line.trimmingCharacters(in: .whitespaces) }
            current += 1
        }
        return ""
    }
}
