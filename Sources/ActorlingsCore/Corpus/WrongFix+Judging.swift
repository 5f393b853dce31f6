/// What checking a wrong fix showed.
public enum WrongFixJudgement: Sendable, Equatable {
    /// Rejected as declared, by a verdict that says the entry's words.
    case rejected
    /// The wrong fix passed: the exercise's tests are too weak.
    case passed
    /// Rejected, but not the way the entry declares; the text says how instead.
    case rejectedOtherwise(String)
    /// Rejected as declared, but the verdict the learner reads never says `says`: the rejection
    /// does not teach.
    case silent(says: String)
}

extension WrongFix {
    /// Judges `outcome` against this entry, reading the verdict exactly as the learner would see it.
    public func judge(_ outcome: Outcome, exercise: Exercise) -> WrongFixJudgement {
        judge(outcome, shown: Self.shownText(of: outcome, exercise: exercise))
    }

    /// Judges `outcome` against this entry; `shown` is the text of the verdict the learner reads.
    public func judge(_ outcome: Outcome, shown: String) -> WrongFixJudgement {
        if outcome.isPassed { return .passed }
        if let mismatch = rejectionMismatch(outcome) { return .rejectedOtherwise(mismatch) }
        return Self.normalized(shown).contains(Self.normalized(says)) ? .rejected : .silent(says: says)
    }

    /// The verdict as the learner reads it, without colour and without source excerpts: words in
    /// the wrong fix's own code (a comment, a string) must not count as the verdict saying them.
    public static func shownText(of outcome: Outcome, exercise: Exercise) -> String {
        var outcome = outcome
        if case .forbidden(let findings) = outcome {
            outcome = .forbidden(
                findings.map { finding in
                    var copy = finding
                    copy.lineText = ""
                    return copy
                })
        }
        let renderer = VerdictRenderer(palette: .plain) { _ in nil }
        return renderer.render(Verdict(exerciseID: exercise.id, outcome: outcome, duration: .zero), exercise: exercise)
    }

    /// Nil when `outcome` rejects the fix the way the entry declares; otherwise what happened.
    func rejectionMismatch(_ outcome: Outcome) -> String? {
        switch (rejection, outcome) {
        case (.tests(let names), .testsFailed(let report)):
            let missing = names.filter { name in !report.failures.contains { $0.isNamed(name) } }
            if missing.isEmpty { return nil }
            return "rejected by tests, but \(missing.joined(separator: ", ")) did not fail (failing: \(report.failures.map(\.name).joined(separator: ", ")))"
        case (.tests(let names), .timedOut(_, let running, _)):
            // A test that never finishes fails too: the learner reads "Still running: <test>".
            let missing = names.filter { name in !running.contains { $0 == name || $0 == name + "()" } }
            if missing.isEmpty { return nil }
            return "rejected by a time-out, but \(missing.joined(separator: ", ")) was not among the tests still running (\(running.joined(separator: ", ")))"
        case (.construct(let id), .forbidden(let findings)):
            if findings.contains(where: { $0.construct.id == id }) { return nil }
            return "rejected by construct, but by \(OutcomeWords.constructIDs(findings)) not by \(id)"
        case (.compile(let token), .compileFailed(let diagnostics)):
            let failing = diagnostics.filter { $0.severity == .error || $0.severity == .warning }
            if failing.contains(where: { $0.matches(token) || $0.message.contains(token) }) { return nil }
            let seen = failing.prefix(3).map { "\($0.displayMessage)\($0.identifier.map { " [\($0)]" } ?? "")" }
            return "rejected by the compiler, but nothing it said matches '\(token)' (it said: \(seen.joined(separator: "; ")))"
        case (.crash, .crashed), (.race, .dataRace):
            return nil
        default:
            return "rejected, but by \(OutcomeWords.cause(outcome)) not by \(rejection.kind)"
        }
    }

    /// Case and line breaks don't matter: the renderer indents and wraps what it shows.
    static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
