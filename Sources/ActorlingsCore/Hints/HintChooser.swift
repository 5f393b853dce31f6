/// Chooses the hints to show for the learner's code as it is now.
///
/// A hint written for the current verdict (a diagnostic, a failing test, a kind of outcome)
/// comes first; errors in the tests get the built-in "your change broke what the tests expect".
/// Each ask shows something new: a verdict hint not seen yet, else the next rung of the ladder.
/// Pure: what was shown before comes in as `HintState` and goes out updated.
public enum HintChooser {
    /// What the learner has already been shown for one exercise.
    public struct State: Sendable, Equatable {
        /// How many rungs of the ladder were shown.
        public var ladderShown: Int
        /// Indexes of the exercise's verdict hints already shown.
        public var verdictHintsSeen: Set<Int>

        public init(ladderShown: Int = 0, verdictHintsSeen: Set<Int> = []) {
            self.ladderShown = ladderShown
            self.verdictHintsSeen = verdictHintsSeen
        }
    }

    /// A verdict hint that applies now, with what in the verdict it answers.
    public struct Match: Sendable, Equatable {
        public var index: Int
        public var hint: VerdictHint
        /// The diagnostic it answers, if it was chosen by one.
        public var diagnostic: Diagnostic?
        /// The failing test it answers, if it was chosen by one.
        public var test: String?
    }

    /// What to show for one ask.
    public struct Selection: Sendable, Equatable {
        /// Verdict hints that apply to the current code, in the course file's order.
        public var matches: [Match]
        /// Errors in the tests, mapped back to test lines: the learner changed the exercise's API.
        public var brokenTests: [TestBreakage.Location]
        /// How many rungs of the ladder to show.
        public var ladderShown: Int
        public var ladderCount: Int
        /// The outcome the choice was made from; nil when no check has been recorded.
        public var outcome: String?
        /// True when the code no longer fails the way the exercise was shipped: the ladder, which
        /// is written for the shipped exercise, is then labelled so.
        public var movedOnFromShipped = false
    }

    /// Whether `facts` still show the failure the exercise was shipped with.
    public static func showsShippedFailure(_ facts: VerdictFacts, of exercise: Exercise) -> Bool {
        switch exercise.expectedFailure {
        case .compile(let diagnostic, let message):
            return facts.diagnostics.contains { candidate in
                (diagnostic.map(candidate.matches) ?? true) && (message.map { candidate.message.contains($0) } ?? true)
            }
        case .tests(let names):
            return names.contains(where: facts.fails)
        }
    }

    /// The hints that apply to `facts` (nil when the exercise has not been checked yet).
    public static func matches(_ hints: [VerdictHint], facts: VerdictFacts?) -> [Match] {
        guard let facts else { return [] }
        return hints.enumerated().compactMap { index, hint in
            if let outcome = hint.outcome, outcome != facts.outcome { return nil }
            var diagnostic: Diagnostic?
            if hint.diagnostic != nil || hint.message != nil {
                diagnostic = facts.diagnostics.first { candidate in
                    (hint.diagnostic.map(candidate.matches) ?? true) && (hint.message.map { candidate.message.contains($0) } ?? true)
                }
                if diagnostic == nil { return nil }
            }
            var test: String?
            if !hint.tests.isEmpty {
                test = hint.tests.first(where: facts.fails)
                if test == nil { return nil }
            }
            return Match(index: index, hint: hint, diagnostic: diagnostic, test: test)
        }
    }

    /// One ask: what to show, and the state to remember.
    public static func next(for exercise: Exercise, facts: VerdictFacts?, state: State) -> (Selection, State) {
        let matched = matches(exercise.verdictHints, facts: facts)
        let broken = facts.map { TestBreakage.locations(in: $0.diagnostics, exercise: exercise) } ?? []
        var state = state
        let unseen = matched.filter { !state.verdictHintsSeen.contains($0.index) }
        if unseen.isEmpty && (broken.isEmpty || state.ladderShown > 0 || exercise.hints.isEmpty) {
            state.ladderShown = min(exercise.hints.count, state.ladderShown + 1)
        }
        state.verdictHintsSeen.formUnion(matched.map(\.index))
        var selection = Selection(
            matches: matched, brokenTests: broken, ladderShown: state.ladderShown, ladderCount: exercise.hints.count,
            outcome: facts?.outcome)
        selection.movedOnFromShipped = facts.map { !showsShippedFailure($0, of: exercise) } ?? false
        return (selection, state)
    }

    /// What to show without counting an ask: the hints seen so far, for the current code.
    public static func current(for exercise: Exercise, facts: VerdictFacts?, ladderShown: Int) -> Selection {
        var selection = Selection(
            matches: matches(exercise.verdictHints, facts: facts),
            brokenTests: facts.map { TestBreakage.locations(in: $0.diagnostics, exercise: exercise) } ?? [],
            ladderShown: min(ladderShown, exercise.hints.count), ladderCount: exercise.hints.count, outcome: facts?.outcome)
        selection.movedOnFromShipped = facts.map { !showsShippedFailure($0, of: exercise) } ?? false
        return selection
    }
}
