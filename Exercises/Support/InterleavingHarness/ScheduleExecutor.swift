// Course support code: the exercises' tests import it; learners read it, never change it.

import Dispatch
import Foundation
import Synchronization

/// Runs the jobs of one schedule one at a time, on a thread of its own, choosing each next job
/// with a ``Chooser``.
///
/// Tasks that prefer this executor (`withTaskExecutorPreference`, `Task(executorPreference:)`),
/// their `async let`s and task-group children, the nonisolated async code they call and the
/// default actors they visit all run their jobs here: every `await` that suspends becomes a
/// choice. The main actor's jobs run on its own queue; with `settlesMainActor` the executor waits
/// for that queue to empty after each job, so its work happens as if the main actor were never
/// busy. An unstructured `Task {}` started by a job of the schedule joins it too (see
/// ``UnstructuredTasks``).
final class ScheduleExecutor: TaskExecutor {
    private struct Ready {
        let job: UnownedJob
        /// The task the job belongs to: its own id, or the task that was running when it was
        /// enqueued (an actor's job, which carries no task).
        let task: UInt64?
    }

    private struct State {
        var ready: [Ready] = []
        var chooser: Chooser
        var trace = Trace()
        var running: UInt64?
        var finished = false
        /// The schedule has ended: a job that still comes goes to the global executor.
        var closed = false
    }

    private let state: Mutex<State>
    private let wake = DispatchSemaphore(value: 0)
    private let seed: UInt64
    /// The test that explores, named in the report of a crash.
    private let test: String?
    private let settlesMainActor: Bool
    /// How long the schedule may have nothing to run before it counts as stuck.
    private let stallLimit: DispatchTimeInterval

    init(seed: UInt64, expectedSteps: Int, settlesMainActor: Bool, stallLimit: DispatchTimeInterval, test: String? = nil) {
        state = Mutex(State(chooser: Chooser(seed: seed, expectedSteps: expectedSteps)))
        self.seed = seed
        self.test = test
        self.settlesMainActor = settlesMainActor
        self.stallLimit = stallLimit
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let task = Self.taskID(in: job.description)
        enqueue(unowned: UnownedJob(job), task: task)
    }

    /// Adds a job of `task` (nil when it has none) to the ready ones.
    func enqueue(unowned job: UnownedJob, task: UInt64?) {
        let accepted = state.withLock { state in
            guard !state.closed else { return false }
            state.ready.append(Ready(job: job, task: task ?? state.running))
            return true
        }
        guard accepted else { return globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        wake.signal()
    }

    /// Notes a step of the current task in the trace.
    func note(_ text: String, task: String) {
        let trace = state.withLock { state in
            state.trace.steps.append(Trace.Step(task: task, text: text))
            return state.trace
        }
        CrashReport.update(ObjectIdentifier(self), trace: trace, test: test, seed: seed)
    }

    /// Tells the loop that the schedule's body has returned.
    func finish() {
        state.withLock { $0.finished = true }
        wake.signal()
    }

    var trace: Trace { state.withLock { $0.trace } }

    /// Runs jobs until the body has finished and nothing is left to run; false when the schedule
    /// got stuck (nothing to run for `stallLimit`, the body unfinished). Blocks its thread:
    /// call it on a thread of its own, never on the cooperative pool.
    func runJobs() -> Bool {
        let report = ObjectIdentifier(self)
        CrashReport.begin(report, test: test, seed: seed)
        UnstructuredTasks.begin(self)
        defer {
            UnstructuredTasks.end(self)
            state.withLock { $0.closed = true }
            CrashReport.end(report)
        }
        while true {
            let next = state.withLock { state -> Ready? in
                guard !state.ready.isEmpty else { return nil }
                let index = state.chooser.choose(among: state.ready.map(\.task))
                let chosen = state.ready.remove(at: index)
                state.running = chosen.task
                return chosen
            }
            if let next {
                CrashReport.running(report, on: pthread_self())
                next.job.runSynchronously(on: asUnownedTaskExecutor())
                CrashReport.running(report, on: nil)
                if settlesMainActor {
                    CrashReport.onMainActor(report, true)
                    settleMainActor()
                    CrashReport.onMainActor(report, false)
                }
                continue
            }
            if state.withLock({ $0.finished && $0.ready.isEmpty }) { return true }
            if wake.wait(timeout: .now() + stallLimit) == .timedOut, state.withLock({ $0.ready.isEmpty && !$0.finished }) {
                return false
            }
        }
    }

    /// Waits until the main queue has run what the last job gave it (and what that gave it in
    /// turn, two hops deep), so that the jobs it hands back are all here before the next choice.
    private func settleMainActor() {
        for _ in 0..<2 {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { done.signal() }
            done.wait()
        }
    }

    /// The task id in a job's description, `ExecutorJob(id: 12)`; nil for a job of no task.
    static func taskID(in description: String) -> UInt64? {
        guard let start = description.range(of: "id: ") else { return nil }
        return UInt64(description[start.upperBound...].prefix { $0.isNumber })
    }
}
