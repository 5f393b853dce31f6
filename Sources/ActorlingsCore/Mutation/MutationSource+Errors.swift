/// The operators that lose an error: swallowed, or reported as something else.
extension MutationSource {
    /// A statement that is only `try f()` (or `try await f()`) → `_ = try? f()`: the failure
    /// is ignored and the code goes on as if the call had worked. Only where the value is not
    /// used, so the mutant's types still fit.
    func swallowedErrors() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "try") && !isOperator(index + 1, "?") && !isOperator(index + 1, "!") {
            guard let statement = statement(containing: index), statement.lowerBound == index, statement.upperBound > index + 1,
                isPunctuation(statement.upperBound, ")") || isPunctuation(statement.upperBound, "}"),
                // Deleting a cancellation check is `remove-cancellation-check`'s mutant.
                !(index..<statement.upperBound).contains(where: { spells(["Task", ".", "checkCancellation"], at: $0) }),
                let block = enclosingBlock(of: index), keepsTypes(swallowing: statement, in: block)
            else { continue }
            result.append(
                MutationCandidate(
                    line: tokens[index].line, description: "ignores the error of `\(snippet(index + 1, statement.upperBound, limit: 40))` (`_ = try?`)",
                    edits: [MutationEdit(range: tokens[index].range, replacement: "_ = try?")]))
        }
        return result
    }

    /// Whether `_ = try?` in place of `statement` still compiles without a warning: not the
    /// only statement of a function or closure (its value is returned), nor the only `try` of
    /// a `do` (its `catch` would be unreachable).
    private func keepsTypes(swallowing statement: ClosedRange<Int>, in block: Int) -> Bool {
        let statements = statements(inBlockAt: block)
        let kind = kind(ofBlockAt: block)
        if statements.count == 1, kind == .function || kind == .closure { return false }
        if kind == .control, isWord(block - 1, "do"), let close = partner[block] {
            let tries = ((block + 1)..<close).filter { isWord($0, "try") && !isOperator($0 + 1, "?") && enclosingBlock(of: $0) == block }
            return tries.count > 1
        }
        return true
    }

    /// In a `catch` block, `throw e` → `throw CancellationError()`: every failure reported as a
    /// cancellation.
    func remappedErrors() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for (open, kind) in blocks where kind == .control && isInCatch(open) {
            // Under typed throws (`throws(LoadError)`) a `CancellationError` does not compile.
            if let function = enclosingFunction(of: open), throwsTyped(functionAt: function.open) { continue }
            for statement in statements(inBlockAt: open) where isWord(statement.lowerBound, "throw") && statement.count > 1 {
                let thrown = (statement.lowerBound + 1)...statement.upperBound
                guard !thrown.isEmpty, !thrown.contains(where: { isWord($0, "CancellationError") }) else { continue }
                result.append(
                    MutationCandidate(
                        line: tokens[statement.lowerBound].line,
                        description: "rethrows `\(snippet(thrown.lowerBound, thrown.upperBound, limit: 40))` as a `CancellationError()`",
                        edits: [
                            MutationEdit(
                                range: tokens[thrown.lowerBound].range.lowerBound..<tokens[thrown.upperBound].range.upperBound,
                                replacement: "CancellationError()")
                        ]))
            }
        }
        return result
    }

    /// Whether the function whose body opens at `open` declares the type it throws.
    private func throwsTyped(functionAt open: Int) -> Bool {
        var index = open - 1
        while index >= 0, !isWord(index, "func", "init") {
            if isPunctuation(index, "{") || isPunctuation(index, "}") { return false }
            if isWord(index, "throws"), isPunctuation(index + 1, "(") { return true }
            index -= 1
        }
        return false
    }

    /// Whether the block opening at `open` is a `catch` clause's.
    private func isInCatch(_ open: Int) -> Bool {
        var index = open - 1
        while index >= 0 {
            if isWord(index, "catch") { return true }
            if isPunctuation(index, "{") || isPunctuation(index, "}") || isPunctuation(index, ";") || isWord(index, "do", "if", "guard", "else") {
                return false
            }
            if isPunctuation(index, ")") || isPunctuation(index, "]"), let opener = partner[index] { index = opener }
            index -= 1
        }
        return false
    }
}
