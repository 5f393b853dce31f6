// Course support code: the exercises' tests import it; learners read it, never change it.

extension Interleavings {
    /// Runs each of `work` as a child task named by its label, like ``concurrently(_:)``, but the
    /// first error a child throws ends the group at once and cancels the others, the way a user's
    /// Cancel or a failing sibling does; rethrows that error. A child that throws notes it, so
    /// the trace shows where the cancellation came from.
    public static func concurrentlyCancellingOnError(_ work: [(String, @Sendable () async throws -> Void)]) async throws {
        let context = current
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (label, job) in work {
                group.addTask {
                    try await $current.withValue(context.map { Context(executor: $0.executor, task: label) }) {
                        note("starts")
                        do {
                            try await job()
                        } catch {
                            note(error is CancellationError ? "ends cancelled" : "throws \(error)")
                            throw error
                        }
                        note("ends")
                    }
                }
            }
            // `next()` rethrows a child's error as soon as that child ends, and leaving the group by
            // throwing cancels the rest (`waitForAll()` would wait for every child first).
            while try await group.next() != nil {}
        }
    }
}
