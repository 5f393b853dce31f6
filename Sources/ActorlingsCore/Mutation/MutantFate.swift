/// What became of one generated mutant when it was checked as a learner's answer would be.
public enum MutantFate: Sendable, Equatable {
    /// The check rejected it: a failing test, a crash, a run that did not finish all its tests,
    /// or a construct the exercise forbids (the course's verdict, though not its tests').
    case killed(by: String)
    /// It passed: the tests cannot tell it from the reference solution.
    case survived
    /// The tests ran into the time limit: a hang is not a kill, because a learner whose answer
    /// hangs reads "timed out", not what is wrong.
    case hung(running: [String])
    /// It does not compile (or compiles with a warning, which no answer may): it tells nothing
    /// about the tests, and counts apart from the score.
    case stillborn(String)

    public init(_ outcome: Outcome) {
        switch outcome {
        case .testsFailed(let report):
            self = .killed(by: "tests: " + report.failures.prefix(2).map(\.name).joined(separator: ", "))
        case .crashed, .dataRace:
            self = .killed(by: OutcomeWords.cause(outcome))
        case .incompleteRun:
            self = .killed(by: "an incomplete run")
        case .forbidden(let findings):
            self = .killed(by: "the construct \(findings.first?.construct.name ?? "screen")")
        case .timedOut(_, let running, _) where running == Outcome.compilerRunning:
            self = .stillborn("the compiler ran out of time")
        case .timedOut(_, let running, _):
            self = .hung(running: running)
        case .passed:
            self = .survived
        case .compileFailed(let diagnostics):
            let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
            self = .stillborn(first.map { "\($0.severity.rawValue): \($0.displayMessage)" } ?? "does not compile")
        case .testsEdited, .systemTooOld, .unreadableFiles, .notChecked:
            self = .stillborn("not checked (\(outcome.kind))")
        }
    }

    public var isKilled: Bool {
        if case .killed = self { return true }
        return false
    }

    public var isStillborn: Bool {
        if case .stillborn = self { return true }
        return false
    }
}

/// A mutant the tests cannot kill because it does what the reference does: declared in the
/// exercise's `corpus.toml` as `[[equivalent-mutant]]`, with the reason.
public struct EquivalentMutant: Sendable, Equatable {
    public var mutation: MutationOperator
    /// The file of `files` it is in; the exercise's only file when it has one.
    public var file: String
    /// The line of the reference solution the mutant changes.
    public var line: Int
    public var why: String
    /// The line of its `[[equivalent-mutant]]` header in `corpus.toml`.
    public var declaredAt: Int

    public init(mutation: MutationOperator, file: String, line: Int, why: String, declaredAt: Int = 1) {
        self.mutation = mutation
        self.file = file
        self.line = line
        self.why = why
        self.declaredAt = declaredAt
    }

    /// Every mutant of its operator on its line (one line can hold several).
    public func matches(_ mutant: GeneratedMutant) -> Bool {
        mutant.mutation == mutation && mutant.file == file && mutant.line == line
    }
}

/// An exercise's mutants and what became of them: the score, and what the author must do.
public struct MutationResult: Sendable, Equatable {
    public var exerciseID: String
    public var results: [Entry]
    /// `Solutions/…/<id>`, the reference solution the mutants were made from.
    public var solutionDirectory: String
    /// `Solutions/…/corpus.toml`, where equivalent mutants are declared.
    public var corpusFile: String
    public var equivalents: [EquivalentMutant]

    public struct Entry: Sendable, Equatable {
        public var mutant: GeneratedMutant
        public var fate: MutantFate

        public init(mutant: GeneratedMutant, fate: MutantFate) {
            self.mutant = mutant
            self.fate = fate
        }
    }

    public init(exerciseID: String, results: [Entry], solutionDirectory: String, corpusFile: String, equivalents: [EquivalentMutant]) {
        self.exerciseID = exerciseID
        self.solutionDirectory = solutionDirectory
        self.results = results
        self.corpusFile = corpusFile
        self.equivalents = equivalents
    }

    /// Whether a mutant that was not killed is declared equivalent.
    public func isDeclaredEquivalent(_ entry: Entry) -> Bool {
        !entry.fate.isKilled && !entry.fate.isStillborn && equivalents.contains { $0.matches(entry.mutant) }
    }

    public var tally: MutationTally {
        var tally = MutationTally()
        for entry in results {
            tally.generated += 1
            if entry.fate.isStillborn {
                tally.stillborn += 1
            } else if entry.fate.isKilled {
                tally.killed += 1
            } else if isDeclaredEquivalent(entry) {
                tally.equivalent += 1
            } else if case .hung = entry.fate {
                tally.hung += 1
            } else {
                tally.survived += 1
            }
        }
        return tally
    }

    /// What `dev mutants` reports: each mutant that survived or hung without being declared
    /// equivalent, and each declaration that no longer fits a surviving mutant.
    public var problems: [CourseProblem] {
        var problems: [CourseProblem] = []
        for entry in results where !entry.fate.isKilled && !entry.fate.isStillborn && !isDeclaredEquivalent(entry) {
            let mutant = entry.mutant
            let what: String
            if case .hung(let running) = entry.fate {
                what = "the tests hang on mutant \(mutant.id) (running: \(running.joined(separator: ", "))), which is not a kill"
            } else {
                what = "mutant \(mutant.id) survived"
            }
            problems.append(
                CourseProblem(
                    file: "\(solutionDirectory)/\(mutant.file)", line: mutant.line,
                    message: "\(what): it \(mutant.description). Strengthen the tests until one fails for it, or declare it "
                        + "[[equivalent-mutant]] in \(corpusFile) with `why`"))
        }
        for equivalent in equivalents {
            let matched = results.filter { equivalent.matches($0.mutant) }
            if matched.isEmpty {
                problems.append(
                    CourseProblem(
                        file: corpusFile, line: equivalent.declaredAt,
                        message: "no \(equivalent.mutation.rawValue) mutant at \(equivalent.file):\(equivalent.line); "
                            + "the solution changed? Declare the mutant's new line or remove the entry"))
            } else if matched.allSatisfy({ $0.fate.isKilled || $0.fate.isStillborn }) {
                problems.append(
                    CourseProblem(
                        file: corpusFile, line: equivalent.declaredAt,
                        message: "\(equivalent.mutation.rawValue) at \(equivalent.file):\(equivalent.line) is declared equivalent, "
                            + "but the check rejects it; remove the entry"))
            }
        }
        return problems
    }
}

/// Counts of mutants, for an exercise or summed over the course.
public struct MutationTally: Sendable, Equatable {
    public var generated = 0
    public var stillborn = 0
    public var equivalent = 0
    public var killed = 0
    public var survived = 0
    public var hung = 0

    public init() {}

    /// The mutants that count: generated, less those that do not compile and those declared equivalent.
    public var scored: Int { generated - stillborn - equivalent }

    /// killed ÷ (generated − stillborn − equivalent); nil when no mutant counts.
    public var score: Double? {
        scored > 0 ? Double(killed) / Double(scored) : nil
    }

    /// `8/9 killed (89%), 2 stillborn, 1 equivalent, 1 hung`, or `no mutants`.
    public var summary: String {
        guard generated > 0 else { return "no mutants" }
        var parts = [score.map { "\(killed)/\(scored) killed (\(Int(($0 * 100).rounded(.down)))%)" } ?? "none scored"]
        if stillborn > 0 { parts.append("\(stillborn) stillborn") }
        if equivalent > 0 { parts.append("\(equivalent) equivalent") }
        if survived > 0 { parts.append("\(survived) survived") }
        if hung > 0 { parts.append("\(hung) hung") }
        return parts.joined(separator: ", ")
    }

    public static func + (lhs: Self, rhs: Self) -> Self {
        var sum = lhs
        sum.generated += rhs.generated
        sum.stillborn += rhs.stillborn
        sum.equivalent += rhs.equivalent
        sum.killed += rhs.killed
        sum.survived += rhs.survived
        sum.hung += rhs.hung
        return sum
    }
}
