// Course support code: the exercises' tests import it; learners read it, never change it.

import Foundation
import Synchronization
import Testing

/// Runs a test's body under many schedules that the test controls, and reports the first one that
/// goes wrong as a readable interleaving with its seed.
///
/// Each schedule runs the body on a fresh ``ScheduleExecutor``: one job at a time, the next
/// chosen by the schedule's seed, so the same seed gives the same interleaving and the same
/// verdict on every machine. Inside the body, start concurrent work with ``concurrently(_:)`` (or
/// `async let`, or a task group), mark where the fakes take a while with ``pause()``, note what
/// they see with ``note(_:)``, and check what must hold with ``check(_:_:)`` — not `#expect`,
/// which would report every failing schedule without its interleaving.
public enum Interleavings {
    /// Set by `actorlings check ID --replay SEED`: every exploration runs that schedule alone.
    public static let replayVariable = "ACTORLINGS_REPLAY_SEED"

    /// A schedule's body that went wrong: what a ``check(_:_:)`` said, or the error it threw.
    public struct Violation: Error, CustomStringConvertible {
        public var description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    /// What one schedule did.
    public struct Run: Sendable {
        public var seed: UInt64
        public var trace: Trace
        /// Why it went wrong; nil when the body returned and every check held.
        public var failure: String?
        /// What ran outside the schedule while it was under way, when something did: then the
        /// schedule did not decide the order of every step, and ``failure`` says the verdict
        /// can't be trusted, whatever the body's checks said.
        public var outside: String? = nil
    }

    /// What a run whose schedule lost control fails with, and why that happens, so that the
    /// test's author or the learner can find the wait that escaped. The same words whatever the
    /// first sign was (``Run/outside``): which sign the machine shows first is a matter of timing.
    static let uncontrolled =
        "the code under test waited in a way the schedule does not control, so this verdict can't be trusted, whatever"
        + " the checks said. A `Task.yield()`, a sleep in an actor's code or a continuation resumed from elsewhere, inside a task"
        + " started with `Task {}` (and in whatever it calls, on any actor), and a main-actor `Task` given a priority of its"
        + " own, go on when the machine chooses, not the seed. If your code yields or sleeps only to let other work run, or"
        + " to check for cancellation, remove that: every `await` of real work lets others run, and"
        + " `try Task.checkCancellation()` checks without waiting. A sleep you need (a throttle, a backoff) can stay"
        + " outside the actor's code: in a `@concurrent` function the actor calls. (Writing a test? Wait for other tasks, not for time —"
        + " `async let`, a task group, a task's `value` — and pause in fakes with `Interleavings.pause()`.)"

    @TaskLocal static var current: Context?

    struct Context: Sendable {
        let executor: ScheduleExecutor
        let task: String

        /// A step noted on another thread than the schedule's (or the main actor's) ran outside
        /// the schedule: records it.
        func noteOutsideIfAway() {
            executor.noticeIfAway("\(task)'s steps ran on a thread outside the schedule")
        }
    }

    /// The seed `--replay` asked for, if any.
    public static var replaySeed: UInt64? {
        ProcessInfo.processInfo.environment[replayVariable].flatMap { UInt64($0) }
    }

    /// Runs `body` under `schedules` schedules (seeds `1...schedules`, or the replayed seed alone)
    /// and records one test issue for the first schedule that fails, with its interleaving.
    /// Returns the runs it made, the failing one last.
    ///
    /// The main actor's jobs don't run on the schedule's executor: the runtime sends them to the
    /// main queue. By default the main queue runs them whenever it can. With `settlesMainActor`,
    /// the schedule waits for the main queue after each job, so main-actor work happens at once,
    /// as if the main actor were never busy. With `schedulesMainActor`, the main queue is held
    /// between the main actor's turns and each turn is one more choice of the schedule, so code
    /// that hops to the main actor and back (two visits to an actor with a main-actor step
    /// between) is interleaved with the other tasks' steps, as if the main actor were busy with
    /// the UI meanwhile. Within a turn the main actor runs its jobs in the order they came: the
    /// chooser can't reorder them (why: see ``ScheduleExecutor``). In both modes one schedule at a
    /// time holds the main queue, so main-actor explorations in parallel take turns.
    ///
    /// A sleep on any clock is a step the schedule chooses, like any other: it may end at any step,
    /// but never before a sleep with an earlier deadline, and no schedule waits for the clock —
    /// except a sleep in an actor's code in a task with no executor preference (a `Task {}`), which
    /// the runtime hands to Dispatch (see ``ScheduleExecutor``).
    ///
    /// A schedule during which work ran outside it (a bare `Task.yield()` or a sleep in an actor's
    /// code, in a task with no executor preference; a main-actor task with a priority of its own) fails with words
    /// that say so, and without its steps, whatever its checks said: see ``Run/outside``.
    @discardableResult
    public static func explore(
        schedules: Int = 200, expectedSteps: Int = 40, settlesMainActor: Bool = false, schedulesMainActor: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @Sendable () async throws -> Void
    ) async -> [Run] {
        let seeds = replaySeed.map { [$0] } ?? (1...UInt64(max(schedules, 1))).map { $0 }
        let runs = await run(
            seeds: seeds, expectedSteps: expectedSteps, settlesMainActor: settlesMainActor, schedulesMainActor: schedulesMainActor,
            test: Test.current?.name, body)
        if let failed = runs.last, let failure = failed.failure {
            let replay = replaySeed == nil ? "; `--replay \(failed.seed)` runs exactly this schedule again" : ""
            // The steps of a schedule that lost control are not shown: past the moment it did,
            // their order was the machine's, and another run would show another.
            let text =
                failed.outside == nil
                ? "One order of the tasks' steps went wrong (seed \(failed.seed)\(replay)):\n" + failed.trace.rendered(outcome: failure, seed: failed.seed)
                : "The schedule lost control of this test (seed \(failed.seed)\(replay)):\n\(failure) · seed \(failed.seed)"
            Issue.record(
                Comment(rawValue: text),
                sourceLocation: sourceLocation)
        }
        return runs
    }

    /// Runs `body` under each of `seeds` in turn, until one fails, on one thread of their own:
    /// each schedule on a fresh executor, so nothing of one schedule carries over to the next.
    public static func run(
        seeds: [UInt64], expectedSteps: Int = 40, settlesMainActor: Bool = false, schedulesMainActor: Bool = false, test: String? = nil,
        _ body: @escaping @Sendable () async throws -> Void
    ) async -> [Run] {
        let (results, sink) = AsyncStream.makeStream(of: [Run].self)
        let thread = Thread {
            var runs: [Run] = []
            for seed in seeds {
                let run = schedule(
                    seed: seed, expectedSteps: expectedSteps, settlesMainActor: settlesMainActor, schedulesMainActor: schedulesMainActor,
                    test: test, body)
                runs.append(run)
                if run.failure != nil { break }
            }
            sink.yield(runs)
            sink.finish()
        }
        thread.name = "Interleavings"
        thread.start()
        for await runs in results { return runs }
        return []
    }

    /// Runs `body` once, under the schedule numbered `seed`, on the calling thread (which it
    /// blocks: never call it from the cooperative pool).
    private static func schedule(
        seed: UInt64, expectedSteps: Int, settlesMainActor: Bool, schedulesMainActor: Bool, test: String?,
        _ body: @escaping @Sendable () async throws -> Void
    ) -> Run {
        // Nothing to run for this long means stuck: only work outside the schedule (a task the
        // body did not start, the main queue) can take time here, and a loaded machine gets that long.
        let executor = ScheduleExecutor(
            seed: seed, expectedSteps: expectedSteps, settlesMainActor: settlesMainActor, schedulesMainActor: schedulesMainActor,
            stallLimit: .seconds(5), test: test)
        let outcome = Mutex<String?>(nil)
        Task(executorPreference: executor, priority: ScheduleExecutor.priority) {
            defer { executor.finish() }
            do {
                try await $current.withValue(Context(executor: executor, task: "test")) { try await body() }
            } catch let violation as Violation {
                outcome.withLock { $0 = violation.description }
            } catch {
                outcome.withLock { $0 = "the test's body threw \(error)" }
            }
        }
        let finished = executor.runJobs()
        // Work that ran outside the schedule outranks the body's own verdict: the seed did not
        // decide that verdict, so another run could give another.
        if let outside = executor.outside {
            return Run(seed: seed, trace: executor.trace, failure: uncontrolled, outside: outside)
        }
        guard finished else {
            return Run(
                seed: seed, trace: executor.trace,
                failure: "no task could go on: the schedule got stuck (a deadlock, or a wait for something that never comes)")
        }
        return Run(seed: seed, trace: executor.trace, failure: outcome.withLock { $0 })
    }

    /// Runs each of `work` as a child task named by its label ("A", "widget") and waits for all;
    /// rethrows the first error. The children run in the schedule's order, not in the list's.
    public static func concurrently(_ work: [(String, @Sendable () async throws -> Void)]) async throws {
        let context = current
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (label, job) in work {
                group.addTask {
                    try await $current.withValue(context.map { Context(executor: $0.executor, task: label) }) {
                        note("starts")
                        try await job()
                        note("ends")
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Notes a step of the current task in the schedule's trace ("read remaining = 1"); does
    /// nothing outside an exploration.
    public static func note(_ text: String) {
        guard let current else { return }
        current.noteOutsideIfAway()
        current.executor.note(text, task: current.task)
    }

    /// A point where the schedule may run other tasks first: a fake service "taking a while".
    ///
    /// Inside an exploration the yield is made on the schedule's executor. A bare `Task.yield()`
    /// enqueues on `Task.currentExecutor`, and in a task with no executor preference (a `Task {}`
    /// a schedule's job started, even one isolated to an actor) that is the global executor,
    /// reached without `swift_task_enqueueGlobal_hook`: the task would go on on a thread of the
    /// pool and hand its waiters back to the schedule at a moment the machine chooses, so the same
    /// seed could give another schedule (measured on Swift 6.3.1: seed 1 of
    /// reentrancy-in-flight-tasks failed 3 runs in 4).
    @concurrent public static func pause() async {
        guard let context = current else { return await Task.yield() }
        await withTaskExecutorPreference(context.executor) { await Task.yield() }
    }

    /// Runs `work` a while later, in a task of the schedule's own: for a fake whose API calls a
    /// completion handler, which answers after other tasks may have run. Outside an exploration
    /// it runs `work` at once.
    public static func later(_ work: @escaping @Sendable () -> Void) {
        guard let context = current else { return work() }
        Task(executorPreference: context.executor) {
            await pause()
            work()
        }
    }

    /// Fails the schedule with `message` unless `condition` holds.
    public static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
        guard condition else { throw Violation(message()) }
    }
}
