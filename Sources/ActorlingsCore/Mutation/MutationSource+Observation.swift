/// The operator that takes reads out of an observation's reach.
extension MutationSource {
    /// `Observations { expr }` or `withObservationTracking { expr } onChange: …` →
    /// `{ [untracked = expr] in untracked }`: the value is read once, when the closure is made,
    /// and the closure itself reads nothing, so nothing is tracked. Only a closure that is one
    /// expression, with no signature, no `await` and no `try`.
    func untrackedReads() -> [MutationCandidate] {
        var result: [MutationCandidate] = []
        for index in tokens.indices where isWord(index, "Observations", "withObservationTracking") && !isOperator(index - 1, ".") {
            var open = index + 1
            if isPunctuation(open, "("), isPunctuation(open + 1, "{") { open += 1 }
            guard isPunctuation(open, "{"), let close = partner[open], closureIn(open: open, close: close) == nil else { continue }
            let statements = statements(inBlockAt: open)
            guard statements.count == 1, var expression = statements.first else { continue }
            if isWord(expression.lowerBound, "return") {
                guard expression.count > 1 else { continue }
                expression = (expression.lowerBound + 1)...expression.upperBound
            }
            guard !expression.contains(where: { isWord($0, "await", "try", "let", "var", "if", "switch") }) else { continue }
            result.append(
                MutationCandidate(
                    line: tokens[index].line,
                    description: "reads `\(snippet(expression.lowerBound, expression.upperBound, limit: 40))` once, before `\(tokens[index].text)`: "
                        + "nothing is tracked, so no change is seen",
                    edits: [
                        MutationEdit(
                            range: tokens[open].range.upperBound..<tokens[close].range.lowerBound,
                            replacement: " [untracked = \(text(tokens: expression.lowerBound, expression.upperBound))] in untracked ")
                    ]))
        }
        return result
    }
}
