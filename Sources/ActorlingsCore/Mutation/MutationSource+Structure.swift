/// The operators that change where work runs: structured → unstructured, `@concurrent`, the
/// main actor, and what a closure holds on to.
extension MutationSource {
    /// `async let x = f()` → `let x = Task { try await f() }`, and each later `x` in the block
    /// → `x.value`: the work no longer belongs to the scope that started it.
    func asyncLetsAsTasks() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "async") && isWord(index + 1, "let") && isName(index + 2) {
            guard let statement = statement(containing: index), statement.lowerBound == index,
                let equals = (index..<statement.upperBound).first(where: { isOperator($0, "=") }), equals < statement.upperBound,
                let block = enclosingBlock(of: index), let close = partner[block]
            else { continue }
            let name = tokens[index + 2].text
            // Whether the uses await it with `try`: then the task's work throws too.
            var throwing = false
            var edits = [
                MutationEdit(range: tokens[index].range.lowerBound..<tokens[index + 1].range.lowerBound, replacement: ""),
                MutationEdit(at: tokens[equals + 1].range.lowerBound, insert: "Task { "),
                MutationEdit(at: tokens[statement.upperBound].range.upperBound, insert: " }"),
            ]
            for use in (statement.upperBound + 1)..<close where isWord(use, name) && !isOperator(use - 1, ".") && !isPunctuation(use + 1, ":") {
                edits.append(MutationEdit(at: tokens[use].range.upperBound, insert: ".value"))
                if let used = self.statement(containing: use), (used.lowerBound..<use).contains(where: { isWord($0, "try") }) { throwing = true }
            }
            guard edits.count > 3 else { continue }
            edits[1].replacement = throwing ? "Task { try await " : "Task { await "
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "starts `\(name)` in an unstructured `Task { }` instead of `async let`, and awaits its value",
                    edits: edits))
        }
        return result
    }

    /// Whether the `addTask` at `index` is the only one in a `withTaskGroup` or
    /// `withThrowingTaskGroup` that names no `of:` type: the group's child type is inferred from
    /// it, and without it the group does not compile.
    private func infersGroupType(addingAt index: Int) -> Bool {
        var current = enclosingBlock(of: index)
        while let open = current {
            var call = open - 1
            if isPunctuation(call, ")"), let opener = partner[call] { call = opener - 1 }
            if isWord(call, "withTaskGroup", "withThrowingTaskGroup"), let close = partner[open] {
                let named = isPunctuation(call + 1, "(") && isWord(call + 2, "of")
                let adds = ((open + 1)..<close).filter { isWord($0, "addTask", "addTaskUnlessCancelled") && isOperator($0 - 1, ".") }
                return !named && adds.count == 1
            }
            current = enclosingBlock(of: open)
        }
        return false
    }

    /// `group.addTask { … }` → `Task { … }`: the group neither waits for the work nor cancels it.
    /// Only where the call is a statement of its own (`addTaskUnlessCancelled`'s answer unused).
    func groupTasksAsTasks() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices
        where isWord(index, "addTask", "addTaskUnlessCancelled") && isOperator(index - 1, ".") && isName(index - 2)
            && (isPunctuation(index + 1, "{") || isPunctuation(index + 1, "("))
        {
            let receiver = index - 2
            guard !isOperator(receiver - 1, "."), statement(containing: index)?.lowerBound == receiver, !infersGroupType(addingAt: index)
            else { continue }
            result.append(
                MutationCandidate(
                    line: tokens[index].line,
                    description: "runs `\(tokens[receiver].text).\(tokens[index].text)`'s work in an unstructured `Task { }`, outside the group",
                    edits: [MutationEdit(range: tokens[receiver].range.lowerBound..<tokens[index].range.upperBound, replacement: "Task")]))
        }
        return result
    }

    /// `Task.immediate` → `Task`: the task's first part no longer runs before the caller's next line.
    func immediateTasksAsTasks() -> [MutationCandidate] {
        tokens.indices.filter { spells(["Task", ".", "immediate"], at: $0) && !isOperator($0 - 1, ".") }.map { index in
            MutationCandidate(
                line: tokens[index].line, description: "starts the work with `Task { }`, which runs it later, not `Task.immediate`",
                edits: [MutationEdit(range: tokens[index].range.lowerBound..<tokens[index + 2].range.upperBound, replacement: "Task")])
        }
    }

    /// A type's `unownedExecutor` property or `checkIsolated()` method, deleted whole.
    func droppedExecutorWiring() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for (open, kind) in blocks {
            guard case .type = kind else { continue }
            for statement in statements(inBlockAt: open) {
                guard let name = statement.first(where: { isWord($0 - 1, "var", "func") && isWord($0, "unownedExecutor", "checkIsolated") })
                else { continue }
                let what =
                    tokens[name].text == "unownedExecutor"
                    ? "forgets the actor's `unownedExecutor`: its jobs run on the default executor"
                    : "forgets `checkIsolated()`: code on the executor's queue is not known to be the actor's"
                result.append(MutationCandidate(line: tokens[name].line, description: what, edits: [deletion(of: statement)]))
            }
        }
        return result
    }

    /// `@concurrent` deleted: a nonisolated async function then runs on its caller's actor.
    func droppedConcurrent() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isPunctuation(index, "@") && isWord(index + 1, "concurrent") {
            var end = tokens[index + 1].range.upperBound
            while end < scalars.count, scalars[end] == " " { end += 1 }
            // `{ @concurrent in … }`: the closure keeps no signature at all.
            if isPunctuation(index - 1, "{"), isWord(index + 2, "in") { end = tokens[index + 2].range.upperBound }
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "drops `@concurrent`: the work runs on the caller's actor",
                    edits: [MutationEdit(range: tokens[index].range.lowerBound..<end, replacement: "")]))
        }
        return result
    }

    /// In a `@concurrent` function or a `Task.detached` closure, a statement's synchronous work
    /// wrapped in `await MainActor.run { … }`: the work is back on the main actor.
    func movedToMainActor() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for (open, kind) in blocks where isOffMainActor(blockAt: open, kind: kind) {
            for statement in statementsOfBody(open) {
                guard let work = synchronousWork(in: statement) else { continue }
                result.append(
                    MutationCandidate(
                        line: tokens[work.lowerBound].line,
                        description: "moves `\(snippet(work.lowerBound, work.upperBound, limit: 40))` onto the main actor with `MainActor.run`",
                        edits: [
                            MutationEdit(at: tokens[work.lowerBound].range.lowerBound, insert: "await MainActor.run { "),
                            MutationEdit(at: tokens[work.upperBound].range.upperBound, insert: " }"),
                        ]))
            }
        }
        return result
    }

    /// A `@concurrent func`'s body, or a `Task.detached { … }` closure.
    private func isOffMainActor(blockAt open: Int, kind: BlockKind) -> Bool {
        switch kind {
        case .function:
            var index = open - 1
            while index >= 0, !isWord(index, "func") {
                if isPunctuation(index, "{") || isPunctuation(index, "}") { return false }
                index -= 1
            }
            var attribute = index - 1
            while attribute >= 0, tokens[attribute].kind == .identifier || isPunctuation(attribute, "@") {
                if isPunctuation(attribute, "@"), isWord(attribute + 1, "concurrent") { return true }
                attribute -= 1
            }
            return false
        case .closure:
            return spells(["Task", ".", "detached"], at: open - 3)
                || (isPunctuation(open - 1, ")") && partner[open - 1].map { spells(["Task", ".", "detached"], at: $0 - 3) } == true)
        case .control, .type:
            return false
        }
    }

    /// The statements of a body and of the `if`/`for`/… blocks in it, not of closures in it.
    private func statementsOfBody(_ open: Int) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for statement in statements(inBlockAt: open) {
            result.append(statement)
            for index in statement where isPunctuation(index, "{") && kind(ofBlockAt: index) == .control && enclosingBlock(of: index) == open {
                result += statementsOfBody(index)
            }
        }
        return result
    }

    /// The synchronous call a statement makes: the right side of `let x = f(…)`, `x += f(…)` or
    /// `return f(…)`, or a bare call; none when it awaits, throws or opens a block.
    private func synchronousWork(in statement: ClosedRange<Int>) -> ClosedRange<Int>? {
        guard
            !statement.contains(where: {
                isWord($0, "await", "try", "throw", "if", "guard", "for", "while", "switch", "do", "defer") || isPunctuation($0, "{")
            })
        else { return nil }
        var start = statement.lowerBound
        if isWord(start, "return") {
            start += 1
        } else if let assignment = statement.first(where: {
            tokens[$0].kind == .operator && tokens[$0].text.hasSuffix("=") && !["==", "!=", "<=", ">="].contains(tokens[$0].text)
        }) {
            start = assignment + 1
        } else if isWord(start, "let", "var") {
            return nil
        }
        // Work worth moving: a method (`decoder.decode(…)`, `Log.note(…)`) or a function of this
        // file; not `max(…)` or an initializer, which no test could tell apart, nor a collection's
        // `append(…)`, which is bookkeeping, not work.
        guard start <= statement.upperBound else { return nil }
        let declared = Set(tokens.indices.filter { isWord($0 - 1, "func") }.map { tokens[$0].text })
        let calls = (start...statement.upperBound).contains { index in
            guard isPunctuation(index, "("), isName(index - 1) else { return false }
            let name = tokens[index - 1].text
            return (isOperator(index - 2, ".") && !Self.mutatingMethods.contains(name)) || declared.contains(name)
        }
        guard calls else { return nil }
        return start...statement.upperBound
    }

    /// `[weak x]` → `[unowned x]`; in the closure, `x?.` → `x.`, `guard let x else { … }` and
    /// `guard let x = x else { … }` deleted, `guard let y = x else { … }` → `let y = x`.
    func weakAsUnowned() -> [MutationCandidate] {
        weakCaptures(as: "unowned") { "captures `\($0)` as `unowned` instead of `weak`: a callback after it is gone traps" }
    }

    /// `[weak x]` → `[x]`, its uses made plain as for `unowned`: the closure holds `x` alive, and a
    /// closure that `x` keeps (a listener, a stored task) makes a cycle that is never freed.
    func weakAsStrong() -> [MutationCandidate] {
        weakCaptures(as: "") { "captures `\($0)` strongly instead of `weak`: a closure it keeps holds it alive for ever" }
    }

    /// `[weak x]` with `weak` replaced by `replacement` (`unowned`, or nothing), and `x`'s
    /// optional uses in the closure made plain; `describe` says what that does to `x`.
    private func weakCaptures(as replacement: String, describe: (String) -> String) -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "weak") && isName(index + 1) {
            guard let list = enclosingList(of: index), isPunctuation(list, "["), let listEnd = partner[list], isPunctuation(list - 1, "{"),
                let close = partner[list - 1]
            else { continue }
            let name = tokens[index + 1].text
            let keyword = replacement.isEmpty ? tokens[index].range.lowerBound..<tokens[index + 1].range.lowerBound : tokens[index].range
            var edits = [MutationEdit(range: keyword, replacement: replacement)]
            var use = listEnd + 1
            while use < close {
                if isWord(use, name), isOperator(use + 1, "?"), !isOperator(use - 1, ".") {
                    edits.append(MutationEdit(range: tokens[use + 1].range, replacement: ""))
                }
                if isWord(use, "guard"), isWord(use + 1, "let"), isName(use + 2), let statement = statement(containing: use), statement.lowerBound == use {
                    let bound = tokens[use + 2].text
                    if bound == name, isWord(use + 3, "else") || (isOperator(use + 3, "=") && isWord(use + 4, name) && isWord(use + 5, "else")) {
                        edits.append(deletion(of: statement))
                        use = statement.upperBound
                    } else if isOperator(use + 3, "="), isWord(use + 4, name), isWord(use + 5, "else") {
                        edits.append(
                            MutationEdit(
                                range: tokens[use].range.lowerBound..<tokens[statement.upperBound].range.upperBound, replacement: "let \(bound) = \(name)"))
                        use = statement.upperBound
                    }
                }
                use += 1
            }
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: describe(name),
                    edits: edits))
        }
        return result
    }

    /// The `(` or `[` whose group holds token `index` directly.
    private func enclosingList(of index: Int) -> Int? {
        partner.filter { $0.key < index && $0.value > index && (isPunctuation($0.key, "[") || isPunctuation($0.key, "(")) }.max { $0.key < $1.key }?.key
    }
}
