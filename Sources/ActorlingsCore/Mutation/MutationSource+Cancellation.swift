/// The operators that take cancellation away: a check, a handler, a `cancel()`.
extension MutationSource {
    /// The statement of the innermost block that holds token `index`.
    func statement(containing index: Int) -> ClosedRange<Int>? {
        guard let open = enclosingBlock(of: index) else { return nil }
        return statements(inBlockAt: open).first { $0.contains(index) }
    }

    /// Whether tokens `index…` spell `words` (names, operators and punctuation alike).
    func spells(_ words: [String], at index: Int) -> Bool {
        guard index >= 0, index + words.count <= tokens.count else { return false }
        return words.indices.allSatisfy { tokens[index + $0].text == words[$0] && tokens[index + $0].kind != .stringLiteral }
    }

    /// `try Task.checkCancellation()` on its own is deleted; `Task.isCancelled` reads `false`.
    func removedCancellationChecks() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where spells(["Task", ".", "checkCancellation", "(", ")"], at: index) && !isOperator(index - 1, ".") {
            guard let statement = statement(containing: index) else { continue }
            let prefix = tokens[statement.lowerBound..<index].map(\.text)
            guard statement.upperBound == index + 4, prefix.allSatisfy({ $0 == "try" || $0 == "await" }) else { continue }
            result.append(
                MutationCandidate(
                    line: tokens[index].line,
                    description: "never checks for cancellation here (`\(snippet(statement.lowerBound, statement.upperBound))` deleted)",
                    edits: [deletion(of: statement)]))
        }
        for index in tokens.indices where spells(["Task", ".", "isCancelled"], at: index) && !isOperator(index - 1, ".") {
            let context = statement(containing: index).map { snippet($0.lowerBound, $0.upperBound) } ?? "Task.isCancelled"
            // A check that is all of its statement's condition (`guard !Task.isCancelled else`,
            // `if Task.isCancelled { … }`) is deleted with its statement: read as `false`, its
            // branch would be code the compiler warns will never be executed.
            if let whole = wholeCancellationCheck(at: index) {
                result.append(
                    MutationCandidate(
                        line: tokens[index].line,
                        description: "never checks for cancellation here (`\(snippet(whole.lowerBound, whole.upperBound, limit: 60))` deleted)",
                        edits: [deletion(of: whole)]))
                continue
            }
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "takes `Task.isCancelled` for `false` in `\(context)`",
                    edits: [MutationEdit(range: tokens[index].range.lowerBound..<tokens[index + 2].range.upperBound, replacement: "false")]))
        }
        return result + addsUnlessCancelledAsAdds()
    }

    /// `group.addTaskUnlessCancelled { … }` → `group.addTask { … }`: the check that starts no
    /// child once the group is cancelled is gone. Where its answer is used, the answer is `true`
    /// (`(group.addTask { … }, true).1`), as it would be if the group were never cancelled.
    private func addsUnlessCancelledAsAdds() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "addTaskUnlessCancelled") && isOperator(index - 1, ".") && isName(index - 2) {
            let receiver = index - 2
            guard !isOperator(receiver - 1, "."), let statement = statement(containing: index) else { continue }
            var end = index
            if isPunctuation(end + 1, "("), let close = partner[end + 1] { end = close }
            if isPunctuation(end + 1, "{"), let close = partner[end + 1] { end = close }
            guard end > index else { continue }
            var edits = [MutationEdit(range: tokens[index].range, replacement: "addTask")]
            if statement.lowerBound != receiver || statement.upperBound != end {
                edits.append(MutationEdit(at: tokens[receiver].range.lowerBound, insert: "("))
                edits.append(MutationEdit(at: tokens[end].range.upperBound, insert: ", true).1"))
            }
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "adds the child even once the group is cancelled (`addTask`, not `addTaskUnlessCancelled`)",
                    edits: edits))
        }
        return result
    }

    /// The statement `guard !Task.isCancelled else { … }`, or `if Task.isCancelled { … }` with no
    /// `else`, whose condition is the check at `index` and nothing more.
    private func wholeCancellationCheck(at index: Int) -> ClosedRange<Int>? {
        guard let statement = statement(containing: index) else { return nil }
        let first = statement.lowerBound
        if isWord(first, "guard"), isOperator(first + 1, "!"), first + 2 == index, isWord(index + 3, "else") { return statement }
        if isWord(first, "if"), first + 1 == index, isPunctuation(index + 3, "{"), let close = partner[index + 3], close == statement.upperBound {
            return statement
        }
        return nil
    }

    /// `withTaskCancellationHandler { … } onCancel: { handler }` with the handler emptied.
    func emptiedCancellationHandlers() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "onCancel") && isPunctuation(index + 1, ":") && isPunctuation(index + 2, "{") {
            guard let close = partner[index + 2], close > index + 3 else { continue }
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "does nothing when cancelled: the `onCancel:` handler is empty",
                    edits: [MutationEdit(range: tokens[index + 2].range.upperBound..<tokens[close].range.lowerBound, replacement: " ")]))
        }
        return result + terminationHandlersThatIgnoreCancellation()
    }

    /// A stream's `continuation.onTermination = { reason in … }` that returns at once unless the
    /// stream finished: the clean-up no longer runs when the consumer cancels, the way out a
    /// screen that goes away takes. (Emptied whole, what it captured would go unused, a warning.)
    private func terminationHandlersThatIgnoreCancellation() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "onTermination") && isOperator(index - 1, ".") && isOperator(index + 1, "=") {
            let open = index + 2
            guard isPunctuation(open, "{"), let close = partner[open], let inIndex = closureIn(open: open, close: close), inIndex == open + 2,
                isName(open + 1), inIndex + 1 < close
            else { continue }
            let name = tokens[open + 1].text == "_" ? "termination" : tokens[open + 1].text
            let indent = tokens[inIndex + 1].line > tokens[inIndex].line ? "\n" + indentation(ofLineOf: inIndex + 1) : " "
            let separator = indent == " " ? ";" : ""
            var edits = [MutationEdit(at: tokens[inIndex].range.upperBound, insert: "\(indent)guard case .finished = \(name) else { return }\(separator)")]
            if tokens[open + 1].text == "_" { edits.append(MutationEdit(range: tokens[open + 1].range, replacement: name)) }
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "cleans up only when the stream finishes: `onTermination` ignores a consumer that cancels",
                    edits: edits))
        }
        return result
    }

    /// A statement that only calls `cancelAll()` or `cancel()` (`group.cancelAll()`,
    /// `task?.cancel()`), deleted.
    func removedCancelCalls() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices
        where isWord(index, "cancelAll", "cancel") && isOperator(index - 1, ".") && isPunctuation(index + 1, "(") && isPunctuation(index + 2, ")") {
            guard let statement = statement(containing: index), statement.upperBound == index + 2, statement.lowerBound < index - 1 else { continue }
            // The receiver: names, dots, `self`, `?` — nothing that does work of its own.
            let receiver = tokens[statement.lowerBound..<(index - 1)]
            guard receiver.allSatisfy({ $0.kind == .identifier || $0.text == "." || $0.text == "?" }), !receiver.isEmpty else { continue }
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "never calls `\(snippet(statement.lowerBound, statement.upperBound))`",
                    edits: [deletion(of: statement)]))
        }
        return result
    }
}
