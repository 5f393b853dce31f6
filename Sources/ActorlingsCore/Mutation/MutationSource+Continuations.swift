/// The operator that leaves a path of a continuation unresumed.
extension MutationSource {
    /// A `resume(…)` on one branch of a `switch` or an `if … else` whose other branches resume
    /// the same continuation, left out: `resume(returning: x)` becomes `_ = x` (so that what the
    /// branch bound stays used), a bare `resume()` is deleted, or becomes `break` where it is all
    /// of a `case`. Only where another path resumes: that is the mistake, a path forgotten.
    func skippedResumes() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "resume") && isOperator(index - 1, ".") && isPunctuation(index + 1, "(") {
            guard let close = partner[index + 1], let block = enclosingBlock(of: index), let statement = statement(containing: index),
                statement.upperBound == close, let call = resumeCall(at: index, in: statement)
            else { continue }
            let receiver = text(tokens: call.receiver, index - 2)
            let name = receiverName(ofCallAt: index)
            guard otherPaths(of: statement, inBlockAt: block).contains(where: { resumes(name, in: $0) }) else { continue }
            let start = tokens[call.receiver].range.lowerBound
            let edit: MutationEdit
            if close > index + 2 {
                // `returning: x`, `throwing: e`, `with: r`: the value is kept, unused.
                var value = index + 2
                if isName(value), isPunctuation(value + 1, ":") { value += 2 }
                guard value < close else { continue }
                edit = MutationEdit(range: start..<tokens[close].range.upperBound, replacement: "_ = " + text(tokens: value, close - 1))
            } else if call.receiver > statement.lowerBound {
                // `case .done: continuation.resume()`: a `case` needs a statement.
                guard isLastOfClause(statement, inBlockAt: block) else { continue }
                edit = MutationEdit(range: start..<tokens[close].range.upperBound, replacement: "break")
            } else {
                edit = deletion(of: statement)
            }
            result.append(
                MutationCandidate(
                    line: tokens[index].line,
                    description: "never resumes `\(receiver)` on this path (`\(snippet(call.receiver, close))` left out): what awaits it waits for ever",
                    edits: [edit]))
        }
        return result
    }

    /// The receiver's first token of `x.resume(…)` when the call is all of `statement`, or all of
    /// it after a `case …:` label; the receiver is names, dots and `?` only.
    private func resumeCall(at index: Int, in statement: ClosedRange<Int>) -> (receiver: Int, labelled: Bool)? {
        var start = statement.lowerBound
        var labelled = false
        if isWord(start, "case", "default") {
            var cursor = start + 1
            while cursor < index, !isPunctuation(cursor, ":") { cursor = next(after: cursor) }
            guard cursor < index else { return nil }
            start = cursor + 1
            labelled = true
        }
        let receiver = tokens[start..<(index - 1)]
        guard !receiver.isEmpty, receiver.allSatisfy({ $0.kind == .identifier || $0.text == "." || $0.text == "?" }) else { return nil }
        return (start, labelled)
    }

    /// The token ranges of the other paths beside the one `statement` is on: the other clauses of
    /// its `switch`, or the other branches of its `if … else`.
    private func otherPaths(of statement: ClosedRange<Int>, inBlockAt block: Int) -> [ClosedRange<Int>] {
        let statements = statements(inBlockAt: block)
        if isInSwitch(blockAt: block) {
            let clauses = clauses(of: statements)
            return clauses.filter { !$0.contains(statement.lowerBound) }
        }
        // An `if`'s branch: the `if` statement around the block, and its other blocks.
        guard let outer = enclosingBlock(of: block), let conditional = self.statement(containing: block), isWord(conditional.lowerBound, "if"),
            enclosingBlock(of: conditional.lowerBound) == outer
        else { return [] }
        let branches = conditional.filter { isPunctuation($0, "{") && partner[$0] != nil && enclosingBlock(of: $0) == outer }
        guard branches.count > 1 else { return [] }
        return branches.filter { $0 != block }.compactMap { open in partner[open].map { open...$0 } }
    }

    /// Whether the block opening at `open` is a `switch`'s: its first statement is a `case`.
    private func isInSwitch(blockAt open: Int) -> Bool {
        kind(ofBlockAt: open) == .control && statements(inBlockAt: open).first.map { isWord($0.lowerBound, "case", "default") } == true
    }

    /// A `switch` block's statements grouped by clause: each `case`/`default` and what follows it.
    private func clauses(of statements: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var clauses: [ClosedRange<Int>] = []
        for statement in statements {
            if isWord(statement.lowerBound, "case", "default") || clauses.isEmpty {
                clauses.append(statement)
            } else if let last = clauses.popLast() {
                clauses.append(last.lowerBound...statement.upperBound)
            }
        }
        return clauses
    }

    /// Whether `statement` is the last of its `switch` clause.
    private func isLastOfClause(_ statement: ClosedRange<Int>, inBlockAt block: Int) -> Bool {
        let statements = statements(inBlockAt: block)
        guard let position = statements.firstIndex(of: statement) else { return false }
        return position + 1 == statements.count || isWord(statements[position + 1].lowerBound, "case", "default")
    }

    /// The last name of the receiver of the call whose method name is at `index` (`held` in
    /// `state.held?.resume()`).
    private func receiverName(ofCallAt index: Int) -> String {
        var cursor = index - 2
        while isOperator(cursor, "?") || isOperator(cursor, "!") { cursor -= 1 }
        return isName(cursor) ? tokens[cursor].text : ""
    }

    /// Whether `range` holds a `resume(…)` call on a receiver whose last name is `name`.
    private func resumes(_ name: String, in range: ClosedRange<Int>) -> Bool {
        !name.isEmpty
            && range.contains { isWord($0, "resume") && isOperator($0 - 1, ".") && isPunctuation($0 + 1, "(") && receiverName(ofCallAt: $0) == name }
    }
}
