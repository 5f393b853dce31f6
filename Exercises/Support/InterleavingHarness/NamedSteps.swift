// Course support code: the exercises' tests import it; learners read it, never change it.

extension Interleavings {
    /// Notes a step in the schedule's trace under the name of `party` ("server", "lookup “Cen”")
    /// rather than of the current task: for a fake whose steps run in a task the learner's code
    /// started, which inherits the name of the task that started it. Does nothing outside an
    /// exploration.
    public static func note(_ text: String, by party: String) {
        guard let current else { return }
        current.noteOutsideIfAway()
        current.executor.note(text, task: party)
    }
}
