// Course support code: the exercises' tests import it; learners read it, never change it.

/// What happened in one schedule, in the order it happened: the steps the test's fakes noted
/// and the harness's own events (a task starting, a task finishing).
public struct Trace: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
        /// The task that took the step, as the test named it ("widget", "A").
        public var task: String
        public var text: String
    }

    public var steps: [Step] = []

    /// At most this many steps are shown: the end of a trace is where a schedule went wrong.
    static let shownSteps = 24

    /// One line a learner can read: "A: read remaining = 1 · B: read remaining = 1 · A: took one
    /// · B: took one → 2 requests over a quota of 1 · seed 8121".
    public func rendered(outcome: String, seed: UInt64) -> String {
        var parts = steps.suffix(Self.shownSteps).map { "\($0.task): \($0.text)" }
        if steps.count > Self.shownSteps {
            parts.insert("… \(steps.count - Self.shownSteps) earlier steps", at: 0)
        }
        let interleaving = parts.isEmpty ? "(no step was noted)" : parts.joined(separator: " · ")
        return "\(interleaving) → \(outcome) · seed \(seed)"
    }
}
