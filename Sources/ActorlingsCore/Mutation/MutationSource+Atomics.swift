/// `split-critical-section` for an atomic: its one indivisible read-modify-write as two steps.
extension MutationSource {
    /// An `Atomic`'s `add`, `subtract`, `wrappingAdd` or `wrappingSubtract` split into a `load`
    /// and a `store`, with the statement that follows in between: read the counter, do the
    /// work, write it back — an update another thread makes meanwhile is lost. Where the
    /// statement is the call (its answer unused), or `let x = a.add(…).newValue` (or `.oldValue`,
    /// or `x = …`), and the next statement of its block leaves by no `return`, `throw`, `break`
    /// or `continue` (the `store` would be skipped, a different mistake). A `load` right before
    /// its `store` is not made: no test can meet another thread between two adjacent steps.
    func splitAtomicUpdates() -> [MutationCandidate] {
        let operators = ["add": "+", "subtract": "-", "wrappingAdd": "&+", "wrappingSubtract": "&-"]
        let order = "ordering: .sequentiallyConsistent"
        var result: [MutationCandidate] = []
        for index in tokens.indices where isOperator(index - 1, ".") && isPunctuation(index + 1, "(") {
            guard let symbol = operators[tokens[index].text], let close = partner[index + 1], let block = enclosingBlock(of: index),
                let argument = atomicArgument(ofCallAt: index, close: close)
            else { continue }
            let statements = statements(inBlockAt: block)
            guard let position = statements.firstIndex(where: { $0.contains(index) }), position + 1 < statements.count else { continue }
            let statement = statements[position]
            let following = statements[position + 1]
            guard !following.contains(where: { isWord($0, "return", "throw", "break", "continue") }) else { continue }
            var start = index - 2
            while isOperator(start - 1, "."), isName(start - 2) { start -= 2 }
            guard isName(start), !isOperator(start - 1, "."), start >= statement.lowerBound else { continue }
            let atomic = text(tokens: start, index - 2)
            let value = text(tokens: argument.lowerBound, argument.upperBound)
            let load = "\(atomic).load(\(order))"
            let member = isOperator(close + 1, ".") && isWord(close + 2, "newValue", "oldValue") ? tokens[close + 2].text : nil
            let read: String
            let stored: String
            if statement.lowerBound == start, statement.upperBound == close {
                (read, stored) = ("let splitValue = \(load)", "splitValue \(symbol) (\(value))")
            } else if let member, statement.upperBound == close + 2, let target = assignedName(in: statement, before: start) {
                read = target.prefix + (member == "newValue" ? "\(load) \(symbol) (\(value))" : load)
                stored = member == "newValue" ? target.name : "\(target.name) \(symbol) (\(value))"
            } else {
                continue
            }
            let indent = "\n" + indentation(ofLineOf: following.lowerBound)
            result.append(
                MutationCandidate(
                    line: tokens[index].line,
                    description: "reads `\(atomic)`, runs the next statement, then writes it back (`load`, `store`), not one `\(tokens[index].text)`",
                    edits: [
                        MutationEdit(
                            range: tokens[statement.lowerBound].range.lowerBound..<tokens[statement.upperBound].range.upperBound, replacement: read),
                        MutationEdit(at: tokens[following.upperBound].range.upperBound, insert: "\(indent)\(atomic).store(\(stored), \(order))"),
                    ]))
        }
        return result
    }

    /// The first argument of an atomic's update at `index` when it names an ordering second:
    /// `add(1, ordering: .relaxed)`.
    private func atomicArgument(ofCallAt index: Int, close: Int) -> ClosedRange<Int>? {
        guard let comma = ((index + 2)..<close).first(where: { isPunctuation($0, ",") && enclosingList(startingAt: index + 1, holds: $0) }),
            comma > index + 2, isWord(comma + 1, "ordering"), isPunctuation(comma + 2, ":")
        else { return nil }
        return (index + 2)...(comma - 1)
    }

    /// Whether the `,` at `comma` is directly in the list that opens at `open`.
    private func enclosingList(startingAt open: Int, holds comma: Int) -> Bool {
        var cursor = open + 1
        while cursor < comma { cursor = next(after: cursor) }
        return cursor == comma
    }

    /// In `let x = …`, `var x = …`, `x = …` or `self.x = …`, with the value starting at `value`:
    /// the text up to the value, and the name to read back.
    private func assignedName(in statement: ClosedRange<Int>, before value: Int) -> (prefix: String, name: String)? {
        guard isOperator(value - 1, "="), value - 1 > statement.lowerBound else { return nil }
        let target = statement.lowerBound..<(value - 1)
        let prefix = text(tokens[statement.lowerBound].range.lowerBound..<tokens[value].range.lowerBound)
        let names = target.filter { !isWord($0, "let", "var") }
        if names.count == 1, isName(names[0]) { return (prefix, tokens[names[0]].text) }
        if names.count == 3, isWord(names[0], "self"), isOperator(names[1], "."), isName(names[2]) { return (prefix, "self." + tokens[names[2]].text) }
        return nil
    }
}
