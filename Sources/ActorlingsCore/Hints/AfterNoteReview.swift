/// Checks that an exercise's after-pass note is true for every learner who passes.
///
/// The note is shown to whoever passed, whatever their answer looks like. So it must not tell
/// them they avoided a trap (a passing answer may still have stepped into a variant the tests
/// don't catch), and must not name a type only the reference solution declares as if it were
/// in the learner's code: their answer may call it otherwise, or have no such type.
public enum AfterNoteReview {
    /// Phrases that claim what the learner's answer did.
    static let claims = ["trap avoided", "traps avoided", "trap you avoided", "traps you avoided", "you avoided"]

    /// What is wrong with `note`, one sentence each; empty when nothing is.
    /// - Parameters:
    ///   - solution: the reference solution's files.
    ///   - shipped: the exercise's files as shipped, tests included.
    public static func problems(in note: String, solution: [String], shipped: [String]) -> [String] {
        var problems: [String] = []
        let lower = note.lowercased()
        if let claim = claims.first(where: lower.contains) {
            problems.append(
                "says \"\(claim)\", which a passing answer may not have done; name the trap as one to watch for "
                    + "(\"The trap to avoid: …\")")
        }
        guard !lower.contains("reference solution") else { return problems }
        // Names anywhere in the shipped files, comments included: a name the TODO gives is the learner's too.
        let known = Set(shipped.flatMap(identifiers(inProse:)))
        let introduced = solution.flatMap(declaredTypes).filter { !known.contains($0) }
        let words = Set(identifiers(inProse: note))
        for name in Set(introduced).sorted() where words.contains(name) {
            problems.append(
                "names `\(name)`, a type only the reference solution declares, as if it were in the learner's code; "
                    + "describe it instead, or say it is the reference solution's")
        }
        return problems
    }

    /// The names declared as types (`struct X`, `actor X`, …) in Swift source.
    static func declaredTypes(_ source: String) -> [String] {
        let tokens = SwiftTokenizer.codeTokens(in: source)
        let introducers: Set<Substring> = ["struct", "class", "actor", "enum", "protocol", "typealias"]
        return tokens.indices.dropLast().compactMap { index in
            guard tokens[index].kind == .identifier, introducers.contains(Substring(tokens[index].text)),
                tokens[index + 1].kind == .identifier
            else { return nil }
            return String(tokens[index + 1].text)
        }
    }

    static func identifiers(inProse text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }
}
