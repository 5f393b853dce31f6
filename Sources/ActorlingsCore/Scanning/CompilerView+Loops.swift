/// Which references lie in a loop: in a loop's body, in a body such a loop calls (in any file), or
/// in a function that calls itself — read from the ranges of the dump's statements and declarations.
extension CompilerView {
    /// A stretch of a file, from one line and column to another (both included).
    public struct SourceRange: Sendable, Equatable {
        public var file: String
        public var start: Position
        public var end: Position

        public struct Position: Sendable, Equatable, Comparable {
            public var line: Int
            public var column: Int

            public static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
        }

        public init(file: String, start: Position, end: Position) {
            self.file = file
            self.start = start
            self.end = end
        }

        public func contains(_ location: Location) -> Bool {
            let position = Position(line: location.line, column: location.column)
            return location.file == file && start <= position && position <= end
        }

        func contains(_ other: SourceRange) -> Bool {
            other.file == file && start <= other.start && other.end <= end
        }
    }

    /// A statement or declaration of the dump that ``loopReferences()`` needs.
    public struct Scope: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// `for`, `while`, `repeat`.
            case loop
            /// A body that runs when called: a function, initializer, accessor, subscript, `deinit`.
            case function
            /// A `let`/`var` with its initializer and accessors (`let pause = { … }`).
            case binding
            /// A call (`Task { … }` is one: the initializer's call, its closure included).
            case call
            /// An `await` and what it awaits.
            case await
            /// The `async` of an `async let` (its binding starts after it, on the same line).
            case asyncLet
        }

        public var kind: Kind
        /// The declared name as the dump quotes it (`wait()`, `init(name:)`), for functions.
        public var name: String
        public var range: SourceRange

        public init(kind: Kind, name: String = "", range: SourceRange) {
            self.kind = kind
            self.name = name
            self.range = range
        }
    }

    private static let scopeMarkers: [(marker: [UInt8], kind: Scope.Kind)] = {
        let kinds: [(String, Scope.Kind)] = [
            ("for_each_stmt", .loop), ("while_stmt", .loop), ("repeat_while_stmt", .loop), ("func_decl", .function),
            ("constructor_decl", .function), ("accessor_decl", .function), ("subscript_decl", .function),
            ("destructor_decl", .function), ("pattern_binding_decl", .binding), ("call_expr", .call),
            ("original_init=call_expr", .call), ("processed_init=call_expr", .call), ("await_expr", .await), ("async_attr", .asyncLet),
        ]
        return kinds.map { name, kind in (Array("(\(name) ".utf8), kind) }
    }()
    private static let rangeMarker = Array("range=[".utf8)

    /// The scope a dump line opens, if it is one ``loopReferences()`` needs.
    static func scope(in line: UnsafeBufferPointer<UInt8>, file: String) -> Scope? {
        var indent = 0
        while indent < line.count, line[indent] == UInt8(ascii: " ") { indent += 1 }
        guard indent < line.count, line[indent] == UInt8(ascii: "(") else { return nil }
        let rest = UnsafeBufferPointer(rebasing: line[indent...])
        guard let kind = scopeMarkers.first(where: { hasPrefix(rest, $0.marker) })?.kind,
            let found = firstIndex(of: rangeMarker, in: rest, from: 0)
        else { return nil }
        let text = String(decoding: UnsafeBufferPointer(rebasing: rest[(found + rangeMarker.count)...]), as: UTF8.self)
        guard let range = sourceRange(text[...], file: file) else { return nil }
        var name = ""
        if kind == .function, let close = text.firstIndex(of: "]") {
            let after = text[text.index(after: close)...].drop { $0 == " " }
            if after.hasPrefix("\"") { name = String(after.dropFirst().prefix { $0 != "\"" }) }
        }
        return Scope(kind: kind, name: name, range: range)
    }

    /// `/w/A.swift:3:1 - line:5:1]…` → that range. The file is matched first (a path may hold
    /// colons and spaces), as for a location.
    static func sourceRange(_ text: Substring, file: String) -> SourceRange? {
        guard let dash = text.range(of: " - line:") else { return nil }
        guard let start = location(in: Substring("range=[" + text[..<dash.lowerBound] + "]"), file: file) else { return nil }
        let numbers = text[dash.upperBound...].prefix { $0.isNumber || $0 == ":" }.split(separator: ":")
        guard numbers.count == 2, let line = Int(numbers[0]), let column = Int(numbers[1]) else { return nil }
        return SourceRange(
            file: start.file, start: SourceRange.Position(line: start.line, column: start.column),
            end: SourceRange.Position(line: line, column: column))
    }

    /// The indices of ``references`` that lie in a loop.
    ///
    /// A reference is in a loop when it is in the range of a `for`, `while` or `repeat`; or in a
    /// body that a reference in a loop calls; or in a function that calls itself, directly or
    /// through others. A call is followed to what it resolved to: the function declared there and,
    /// because a call through a protocol or a superclass reaches any implementation, every
    /// function of the module with the same name (`wait()`); a variable (`let pause = { … }`,
    /// a computed property) to its binding, closures and accessors included. What runs a closure
    /// again and again without a loop in the learner's code (`AsyncStream(unfolding:)`, a timer)
    /// is not a loop here: forbid the kind anywhere where that matters.
    public func loopReferences() -> Set<Int> {
        let inLoop = loopRegion()
        return Set(references.indices.filter { inLoop(references[$0].location) })
    }

    /// Whether a place lies in a loop, as ``loopReferences()`` decides it.
    public func loopRegion() -> @Sendable (Location) -> Bool {
        let loops = scopes.filter { $0.kind == .loop }.map(\.range)
        let graph = CallGraph(self)
        let bodies = graph.bodies
        let calls = graph.calls

        // Functions that call themselves: a body reaches itself through the calls made inside it.
        var edges: [Int: Set<Int>] = [:]
        for (index, reference) in references.enumerated() where !calls[index].isEmpty {
            for body in bodies where scopes[body].range.contains(reference.location) {
                edges[body, default: []].formUnion(calls[index])
            }
        }
        var hot = Set<Int>()
        for body in bodies {
            var seen = Set<Int>()
            var pending = Array(edges[body] ?? [])
            while let next = pending.popLast() {
                if next == body {
                    hot.insert(body)
                    break
                }
                if seen.insert(next).inserted { pending += edges[next] ?? [] }
            }
        }

        func inLoop(_ location: Location) -> Bool {
            loops.contains { $0.contains(location) } || hot.contains { scopes[$0].range.contains(location) }
        }
        // What a loop calls is in the loop too, and so is what that calls.
        var changed = true
        while changed {
            changed = false
            for (index, reference) in references.enumerated() where !calls[index].isEmpty && inLoop(reference.location) {
                for callee in calls[index] where hot.insert(callee).inserted { changed = true }
            }
        }
        let hotRanges = hot.map { scopes[$0].range }
        return { location in loops.contains { $0.contains(location) } || hotRanges.contains { $0.contains(location) } }
    }

    /// What calls what in the learner's module: for each reference, the bodies it calls.
    struct CallGraph {
        let scopes: [Scope]
        /// Indices of `scopes` that are functions or bindings.
        let bodies: [Int]
        let functionsByName: [String: [Int]]
        /// For each reference (by index), the bodies it calls.
        private(set) var calls: [[Int]] = []

        init(_ view: CompilerView) {
            let scopes = view.scopes
            self.scopes = scopes
            bodies = scopes.indices.filter { scopes[$0].kind == .function || scopes[$0].kind == .binding }
            functionsByName = Dictionary(grouping: bodies.filter { scopes[$0].kind == .function && !scopes[$0].name.isEmpty }) {
                scopes[$0].name
            }
            calls = view.references.map(callees)
        }

        /// The bodies a reference calls (indices of `scopes`): what is declared where the
        /// reference's declaration is — a function of that name (the dump names some calls
        /// without their labels: `poll` for `poll(_:)`), or a binding (`let pause = { … }`). A
        /// parameter's site lies in its function's signature, but its name is not the function's.
        func callees(_ reference: Reference) -> [Int] {
            guard let site = reference.declaration, let base = ConstructKind.split(reference.name)?.base else { return [] }
            let enclosing = bodies.filter { scopes[$0].range.contains(site) }
            guard let innermost = enclosing.min(by: { scopes[$1].range.contains(scopes[$0].range) && scopes[$0].range != scopes[$1].range })
            else { return [] }
            let scope = scopes[innermost]
            guard scope.kind == .function else { return [innermost] }
            guard scope.name.prefix(while: { $0 != "(" }) == base else { return [] }
            return [innermost] + (functionsByName[scope.name] ?? []).filter { $0 != innermost }
        }
    }
}
