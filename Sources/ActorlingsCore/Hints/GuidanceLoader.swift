/// Loads and validates an exercise's hint file, `Lessons/Hints/<step folder>/<id>.toml`.
///
/// ```toml
/// format = 1
/// ladder = ["""Where to look.""", """What to change.""", """Nearly the answer."""]
/// after = """What to remember once it passes."""
///
/// [[when]]                       # a hint for one shape of the learner's verdict
/// diagnostic = "ActorIsolatedCall"   # a group or internal id; and/or
/// message = "can not be mutated"     # a piece of the same diagnostic's message; and/or
/// tests = ["loadsTheFeed()"]         # any of these tests fails (or, in a write-tests exercise,
///                                    # "mutant: <name>": the learner's tests miss that mutant); and/or
/// outcome = "timed-out"              # the outcome's kind
/// hint = """What this error means here, and what to do."""
/// ```
struct GuidanceLoader {
    let files: any CourseFileSource
    let path: String
    /// The exercise's test files, to check the names in `tests`.
    let testPaths: [String]
    /// The result names of a write-tests exercise's mutants (`mutant: <name>`), which `tests` may name too.
    var mutants: [String] = []

    func load(problems: inout [CourseProblem]) -> ExerciseGuidance? {
        let missing =
            "missing: an exercise's hints and after-pass note live here, outside the folder the learner edits; "
            + "create it with `format = 1`, `ladder = [\"…\", \"…\"]` and `after = \"…\"`"
        guard let table = files.table(at: path, ifMissing: missing, problems: &problems) else { return nil }
        var reader = TableReader(table, file: path)
        let format = reader.integer("format")
        let ladder = reader.strings("ladder") ?? []
        let after = reader.string("after")
        let whenTables = reader.tables("when", required: false) ?? []
        reader.reportUnknownKeys(hint: "keys written after a [[when]] header belong to it; move it above the first [[when]]")
        if let format, format.value > ExerciseGuidance.format {
            reader.problem("format", "format \(format.value) is newer than this Actorlings knows (\(ExerciseGuidance.format)); update Actorlings")
        }
        if table["ladder"] != nil, ladder.isEmpty {
            reader.problem("ladder", "give at least one hint (two or three, each more concrete than the last)")
        }
        for hint in ladder where hint.allSatisfy(\.isWhitespace) {
            reader.problem("ladder", "a hint is empty")
        }
        problems += reader.problems
        let declared = DeclaredTests(files: files, paths: testPaths)
        let verdictHints = whenTables.enumerated().compactMap { index, table in
            loadWhen(table, number: index + 1, declared: declared, problems: &problems)
        }
        guard let after, !ladder.isEmpty, reader.problems.isEmpty else { return nil }
        return ExerciseGuidance(ladder: ladder, verdictHints: verdictHints, afterPass: after)
    }

    private func loadWhen(_ table: TOMLTable, number: Int, declared: DeclaredTests, problems: inout [CourseProblem]) -> VerdictHint? {
        var reader = TableReader(table, file: path, context: "when #\(number)")
        let diagnostic = reader.string("diagnostic", required: false)
        let message = reader.string("message", required: false)
        let tests = reader.strings("tests", required: false)
        let outcome = reader.string("outcome", required: false)
        let text = reader.string("hint")
        reader.reportUnknownKeys()
        defer { problems += reader.problems }
        if diagnostic == nil, message == nil, tests == nil, outcome == nil {
            reader.problem(nil, line: table.line, "say when this hint applies: `diagnostic`, `message`, `tests` or `outcome`")
        }
        if let diagnostic, diagnostic.hasPrefix("#") {
            reader.problem("diagnostic", "write the group without '#': \"\(diagnostic.dropFirst())\"")
        }
        if let outcome, !VerdictHint.outcomeKinds.contains(outcome) {
            reader.problem("outcome", "must be one of " + VerdictHint.outcomeKinds.map { "\"\($0)\"" }.joined(separator: ", ") + ", found \"\(outcome)\"")
        }
        if let tests, tests.isEmpty {
            reader.problem("tests", "name at least one test")
        }
        for test in tests ?? [] where !declared.declares(test) && !mutants.contains(test) {
            if test.hasPrefix(Exercise.Mutant.resultPrefix) {
                let known = mutants.isEmpty ? "this exercise has no mutants" : "its mutants are " + mutants.map { "'\($0)'" }.joined(separator: ", ")
                reader.problem("tests", "no mutant of the exercise is named '\(test.dropFirst(Exercise.Mutant.resultPrefix.count))'; \(known)")
            } else {
                reader.problem("tests", "no test file of the exercise declares '\(test)'")
            }
        }
        guard let text, reader.problems.isEmpty else { return nil }
        return VerdictHint(diagnostic: diagnostic, message: message, tests: tests ?? [], outcome: outcome, text: text)
    }
}
