/// Whether each `[[when]]` hint of an exercise answers a verdict that the course knows a learner
/// can get: the shipped exercise's, or a wrong fix's from the corpus. A hint that matches none of
/// them is written for a state nobody has shown exists, or its condition has a typo, and no
/// learner may ever read it. Pure: `dev check` gathers the verdicts.
public enum HintCoverage {
    /// The indexes of the hints that none of `verdicts` would show.
    public static func unmatched(_ hints: [VerdictHint], verdicts: [VerdictFacts]) -> [Int] {
        let matched = Set(verdicts.flatMap { HintChooser.matches(hints, facts: $0).map(\.index) })
        return hints.indices.filter { !matched.contains($0) }
    }

    /// What `dev check` says about the hint at `index` (zero-based) when nothing matches it.
    public static func problem(_ hint: VerdictHint, index: Int) -> String {
        var conditions: [String] = []
        if let diagnostic = hint.diagnostic { conditions.append("diagnostic = \"\(diagnostic)\"") }
        if let message = hint.message { conditions.append("message = \"\(message)\"") }
        if !hint.tests.isEmpty { conditions.append("tests = [" + hint.tests.map { "\"\($0)\"" }.joined(separator: ", ") + "]") }
        if let outcome = hint.outcome { conditions.append("outcome = \"\(outcome)\"") }
        return "`[[when]]` #\(index + 1) (\(conditions.joined(separator: ", "))) matches neither the shipped exercise's verdict "
            + "nor any wrong fix's: add the wrong fix it is written for to the corpus, or correct its condition"
    }
}
