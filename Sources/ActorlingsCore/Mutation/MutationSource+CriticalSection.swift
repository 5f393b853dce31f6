/// The operators that break a critical section: check in one visit and act in the next, or act
/// on a value read before a suspension.
extension MutationSource {
    static let assignmentOperators: Set<String> = ["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*="]
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "removeSubrange", "popFirst", "popLast",
        "updateValue", "merge", "formUnion", "formIntersection", "subtract", "sort", "reverse", "shuffle", "toggle", "resume",
    ]
    static let notState: Set<String> = [
        "let", "var", "self", "Self", "await", "try", "case", "nil", "true", "false", "is", "as", "some", "any", "else", "where", "in",
    ]

    /// Whether token `index` (a name) is written to: `x = …`, `x += …`, `x[k] = …`, `x.y = …`,
    /// `x.append(…)`, through any chain of members and subscripts.
    func isWritten(_ index: Int) -> Bool {
        var cursor = index + 1
        var lastMember = tokens[index].text
        while cursor < tokens.count {
            if isPunctuation(cursor, "["), let close = partner[cursor] {
                cursor = close + 1
            } else if isOperator(cursor, "?") || isOperator(cursor, "!") {
                cursor += 1
            } else if isOperator(cursor, "."), cursor + 1 < tokens.count, tokens[cursor + 1].kind == .identifier {
                lastMember = tokens[cursor + 1].text
                cursor += 2
            } else {
                break
            }
        }
        if cursor < tokens.count, tokens[cursor].kind == .operator, Self.assignmentOperators.contains(tokens[cursor].text) { return true }
        return cursor > index + 1 && isPunctuation(cursor, "(") && Self.mutatingMethods.contains(lastMember)
    }

    /// Whether token `index` (a name) is acted on through an `isolated` parameter: a method call
    /// on it (`warehouse.take(…)`). The actor is the function's for the whole body, so any call on
    /// it may change its state.
    func isActedOn(_ index: Int, isolatedParameters: Set<String>) -> Bool {
        guard isolatedParameters.contains(tokens[index].text), index + 3 < tokens.count else { return false }
        return isOperator(index + 1, ".") && tokens[index + 2].kind == .identifier && isPunctuation(index + 3, "(")
    }

    /// The names of the parameters of the function whose body opens at `open` that are declared
    /// `isolated` (`from warehouse: isolated Warehouse`): their actor's state is checked and acted
    /// on in one visit, like an actor's own.
    func isolatedParameters(ofFunctionAt open: Int) -> Set<String> {
        var index = open - 1
        while index >= 0, !isWord(index, "func", "init") {
            if isPunctuation(index, "{") || isPunctuation(index, "}") { return [] }
            index -= 1
        }
        var parameters = index + 1
        while parameters < open, !isPunctuation(parameters, "(") { parameters += 1 }
        guard index >= 0, parameters < open, let end = partner[parameters] else { return [] }
        var names: Set<String> = []
        for colon in (parameters + 1)..<end where isPunctuation(colon, ":") && isWord(colon + 1, "isolated") && isName(colon - 1) {
            names.insert(tokens[colon - 1].text)
        }
        return names
    }

    /// Whether token `index` is a use of a variable named by it, not a member of something else
    /// (`other.name`) or an argument label (`name:`); `self.name` counts.
    func isVariableUse(_ index: Int) -> Bool {
        guard tokens[index].kind == .identifier, !isPunctuation(index + 1, ":") else { return false }
        return !isOperator(index - 1, ".") || isWord(index - 2, "self")
    }

    /// A `guard` whose condition reads names the rest of the block writes gets `await
    /// Task.yield()` after it; an `if` whose body writes what its condition read gets one at the
    /// start of its body. A method call on an `isolated` parameter counts as a write: the check
    /// and the act on its actor are one visit only while nothing suspends between them. Only in
    /// a function that is `async` already, a closure that awaits already, or an actor's method or
    /// a function with an `isolated` parameter, which becomes `async`: anywhere else the mutant
    /// would not compile.
    func splitCriticalSections() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for (open, kind) in blocks {
            if case .type = kind { continue }
            result += splitCriticalSections(inBlockAt: open)
        }
        return result + splitAtomicUpdates()
    }

    private func splitCriticalSections(inBlockAt open: Int) -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        let statements = statements(inBlockAt: open)
        guard let function = enclosingFunction(of: open + 1) else { return [] }
        let makeAsync: [MutationEdit]
        let isolated: Set<String>
        if function.kind == .function {
            // A synchronous function made `async` breaks its synchronous callers, except an
            // actor's method or a function with an `isolated` parameter, which callers on other
            // actors await already.
            makeAsync = self.makeAsync(functionAt: function.open).map { [$0] } ?? []
            isolated = isolatedParameters(ofFunctionAt: function.open)
            if !makeAsync.isEmpty, isolated.isEmpty, enclosingType(of: function.open)?.keyword != "actor" { return [] }
        } else {
            // A closure is async only if it awaits already: its type can't be changed from here.
            guard let close = partner[function.open],
                ((function.open + 1)..<close).contains(where: { isWord($0, "await") && enclosingFunction(of: $0)?.open == function.open })
            else { return [] }
            (makeAsync, isolated) = ([], [])
        }
        let acts = { (index: Int) in self.isVariableUse(index) && (self.isWritten(index) || self.isActedOn(index, isolatedParameters: isolated)) }
        // A local the function made (`let draft = …`) is nobody else's: no other code can act on
        // it between a check and an act, so splitting them there changes nothing.
        for (position, statement) in statements.enumerated() {
            let first = statement.lowerBound
            let locals = Set(((function.open + 1)..<first).filter { isWord($0 - 1, "let", "var") && isName($0) }.map { tokens[$0].text })
            if isWord(first, "guard"), let elseIndex = statement.first(where: { isWord($0, "else") && $0 > first }) {
                let names = stateNames(in: (first + 1)..<elseIndex).subtracting(locals)
                let rest = statements.dropFirst(position + 1).flatMap { Array($0) }
                // The check and the act in one visit: no suspension between them yet.
                guard let write = rest.first(where: { names.contains(tokens[$0].text) && acts($0) }),
                    !rest.contains(where: { $0 < write && isWord($0, "await") && enclosingFunction(of: $0)?.open == function.open })
                else { continue }
                let indent = indentation(ofLineOf: first)
                result.append(
                    MutationCandidate(
                        line: tokens[first].line,
                        description: "checks `\(snippet(first + 1, elseIndex - 1))`, then suspends (`await Task.yield()`) before acting on it",
                        edits: [MutationEdit(at: tokens[statement.upperBound].range.upperBound, insert: "\n\(indent)await Task.yield()")] + makeAsync))
            } else if isWord(first, "if"), let body = statement.first(where: { isPunctuation($0, "{") && $0 > first }), let close = partner[body] {
                let names = stateNames(in: (first + 1)..<body).subtracting(locals)
                guard let write = ((body + 1)..<close).first(where: { names.contains(tokens[$0].text) && acts($0) }),
                    !((body + 1)..<write).contains(where: { isWord($0, "await") && enclosingFunction(of: $0)?.open == function.open })
                else { continue }
                let inner = body + 1 < close ? indentation(ofLineOf: body + 1) : indentation(ofLineOf: first) + "    "
                // A one-line body (`if … { act }`) keeps its line.
                let yield = tokens[body + 1].line == tokens[body].line ? " await Task.yield();" : "\n\(inner)await Task.yield()"
                result.append(
                    MutationCandidate(
                        line: tokens[first].line,
                        description: "checks `\(snippet(first + 1, body - 1))`, then suspends (`await Task.yield()`) before acting on it",
                        edits: [MutationEdit(at: tokens[body].range.upperBound, insert: yield)] + makeAsync))
            }
        }
        return result
    }

    /// The names a condition reads that could be shared state: not keywords, not members of
    /// something else, not the names it binds (`let x = …`).
    private func stateNames(in range: Range<Int>) -> Set<String> {
        var names: Set<String> = []
        for index in range where isVariableUse(index) && !Self.notState.contains(tokens[index].text) && !isWord(index - 1, "let", "var") {
            // A call's name (`isReady()`) is not state read; `self.x` is.
            if isPunctuation(index + 1, "(") { continue }
            names.insert(tokens[index].text)
        }
        return names
    }

    /// In an actor's or a class's method, a statement after an `await` that reads a stored
    /// `var` of the type reads a copy made before the `await` instead.
    func staleReads() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        var done: Set<String> = []
        for (open, kind) in blocks where kind == .function || kind == .control {
            guard let type = enclosingType(of: open), type.keyword == "actor" || type.keyword == "class" else { continue }
            let stored = storedVariables(ofTypeAt: type.open)
            guard !stored.isEmpty, let function = enclosingFunction(of: open + 1) else { continue }
            let statements = statements(inBlockAt: open)
            for (position, suspending) in statements.enumerated() {
                let awaits = suspending.contains { isWord($0, "await") && enclosingFunction(of: $0)?.open == function.open }
                guard awaits else { continue }
                for name in stored {
                    guard let later = statements.dropFirst(position + 1).first(where: { reads(name, in: $0) }) else { continue }
                    let key = "\(name)@\(later.lowerBound)"
                    guard !done.contains(key), let edits = staleEdits(name, suspending: suspending, later: later) else { continue }
                    done.insert(key)
                    result.append(
                        MutationCandidate(
                            line: tokens[later.lowerBound].line,
                            description: "uses `\(name)` as read before the `await` on line \(tokens[suspending.lowerBound].line), not as it is now",
                            edits: edits))
                }
            }
        }
        return result
    }

    /// The stored `var`s declared directly in a type's body (no `static`, no computed ones).
    private func storedVariables(ofTypeAt open: Int) -> [String] {
        statements(inBlockAt: open).compactMap { statement in
            guard let keyword = statement.first(where: { isWord($0, "var") }), keyword < statement.upperBound,
                !statement.contains(where: { isWord($0, "static", "class", "func") || isPunctuation($0, "{") }),
                tokens[keyword + 1].kind == .identifier
            else { return nil }
            return tokens[keyword + 1].text
        }
    }

    private func reads(_ name: String, in statement: ClosedRange<Int>) -> Bool {
        statement.contains { isWord($0, name) && isVariableUse($0) && (!isWritten($0) || isCompoundAssigned($0)) }
    }

    private func isCompoundAssigned(_ index: Int) -> Bool {
        index + 1 < tokens.count && tokens[index + 1].kind == .operator && Self.assignmentOperators.contains(tokens[index + 1].text)
            && tokens[index + 1].text != "="
    }

    private func staleEdits(_ name: String, suspending: ClosedRange<Int>, later: ClosedRange<Int>) -> [MutationEdit]? {
        let copy = "stale" + name.prefix(1).uppercased() + name.dropFirst()
        var edits = [
            MutationEdit(
                at: tokens[suspending.lowerBound].range.lowerBound, insert: "let \(copy) = self.\(name)\n\(indentation(ofLineOf: suspending.lowerBound))")
        ]
        for index in later where isWord(index, name) && isVariableUse(index) {
            let start = isOperator(index - 1, ".") ? tokens[index - 2].range.lowerBound : tokens[index].range.lowerBound
            if isCompoundAssigned(index) {
                // `x += e` → `x = staleX + (e)`.
                let op = tokens[index + 1].text.dropLast()
                let end = statement(containing: index)?.upperBound ?? later.upperBound
                guard index + 2 <= end else { continue }
                edits.append(MutationEdit(range: tokens[index + 1].range, replacement: "= \(copy) \(op)"))
                edits.append(MutationEdit(at: tokens[index + 2].range.lowerBound, insert: "("))
                edits.append(MutationEdit(at: tokens[end].range.upperBound, insert: ")"))
            } else if !isWritten(index) {
                edits.append(MutationEdit(range: start..<tokens[index].range.upperBound, replacement: copy))
            }
        }
        return edits.count > 1 ? edits : nil
    }
}
