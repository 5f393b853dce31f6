// Course support code: the exercises' tests import it; learners read it, never change it.

import Dispatch
import Foundation
import Synchronization
@_spi(ExperimentalScheduling) import _Concurrency

/// Runs the jobs of one schedule one at a time, on a thread of its own, choosing each next job
/// with a ``Chooser``.
///
/// Tasks that prefer this executor (`withTaskExecutorPreference`, `Task(executorPreference:)`),
/// their `async let`s and task-group children, the nonisolated async code they call and the
/// default actors they visit all run their jobs here: every `await` that suspends becomes a
/// choice. An unstructured `Task {}` started by a job of the schedule joins it too (see
/// ``UnstructuredTasks``). The main actor's jobs run on the main queue, which the executor holds
/// between the main actor's turns in both main-actor modes (``MainQueueGate``): with
/// `settlesMainActor` the main actor takes a turn after every job and runs until its queue is
/// empty, so main-actor work happens as if the main actor were never busy; with
/// `schedulesMainActor` each turn is one more choice, or the only step left when nothing else is
/// ready. Either way a `@concurrent` call of a task that main-actor code started joins the
/// schedule from there (``UnstructuredTasks``).
///
/// What the executor can't bring in, it notices (``noticeOutside(_:)``): a job handed back from a
/// thread that is neither its own nor the main queue's, a step noted on such a thread, or a task
/// of the schedule that went on on one. The schedule's verdict then says that it lost control
/// instead of passing or failing by the machine's timing (``Interleavings/Run/outside``).
///
/// Why the main actor's turns are chosen, not each of its jobs: on Swift 6.3.1 a test has no way
/// to put a job bound for the main actor into this executor. The main actor's executor is fixed
/// (`MainActor.sharedUnownedExecutor`, the main dispatch queue on Linux), and a task executor
/// preference does not apply to code isolated to a global actor. The runtime exports
/// `swift_task_enqueueMainExecutor_hook`, but never calls it (swiftlang/swift#63104; measured:
/// no call for main-actor hops where `swift_task_enqueueGlobal_hook` saw every global job). A
/// custom main executor can be installed only by the program's entry point before any task runs
/// (`_createExecutors(factory:)`, SPI `ExperimentalCustomExecutors`; the `DefaultExecutorFactory`
/// typealias on a `@main` type was not honoured): the test binary's entry point is the tool's,
/// not the test's, and its main executor would serve every test of the process at once. So within
/// a turn the main actor runs its jobs in the order they were enqueued.
final class ScheduleExecutor: TaskExecutor {
    private struct Ready {
        let job: UnownedJob
        /// The task the job belongs to: its own id, or the task that was running when it was
        /// enqueued (an actor's job, which carries no task).
        let task: UInt64?
        /// Whether the job ends a sleep, which the trace has just noted.
        var endsSleep = false
        /// How many choices went to something else while the job was ready (``starvationLimit``).
        var passedOver = 0
    }

    /// How many choices a ready job may be passed over before it runs, whatever the strategy says.
    /// PCT ranks each sleep's end afresh, above every task whose priority was lowered: a task that
    /// polls with a sleep would have its sleeps end one after another, and a lowered task it waits
    /// for would never run (a red team's correct answers hung at one seed each, parcel-refresh's
    /// `--replay 5` and cancellation-handler's `--replay 71`). A real machine runs a ready task
    /// sooner or later; so does the schedule. The bound is far above any exercise's schedule, so
    /// only such a loop meets it.
    static let starvationLimit = 500

    private struct State {
        var ready: [Ready] = []
        var chooser: Chooser
        var trace = Trace()
        var running: UInt64?
        var finished = false
        /// The schedule has ended: a job that still comes goes to the global executor.
        var closed = false
        /// The first sign of work that ran outside the schedule while it was under way, if any.
        var outside: String?
        /// The sleeps under way, the earliest deadline first (see ``Sleep``).
        var sleeps: [Sleep] = []
        /// The schedule's clock: the deadline of the last sleep that ended, from the start.
        var now: Duration = .zero
        /// How many sleeps began: each sleep's end is a choice of its own (``Sleep/choice``).
        var sleepsBegun: UInt64 = 0
    }

    /// A sleep of one of the schedule's tasks, on any clock: its job wakes the task. It may end at
    /// any step the schedule chooses, since the other tasks' work may take any time in a real run
    /// — but never before a sleep whose deadline is earlier by more than ``deadlineMargin``; its
    /// deadline is the schedule's clock when it started plus its duration.
    private struct Sleep {
        let job: UnownedJob
        let task: UInt64?
        let deadline: Duration
        /// The task that sleeps (the job is a task of the runtime's own that wakes it).
        let sleeper: UInt64?
        /// The task's name in the trace ("A"), when the test named it.
        let name: String?
        /// What the chooser sees the sleep's end as: a task of its own, never the sleeper's. (As
        /// the sleeper's, a task that polls with a sleep and ranked first would have its every
        /// sleep end at once, and the task it waits for would never run.)
        let choice: UInt64
    }

    /// The first of the choices that stand for sleeps' ends: no task of the runtime's has such an id.
    private static let firstSleepChoice: UInt64 = 1 << 63

    private let state: Mutex<State>
    private let wake = DispatchSemaphore(value: 0)
    private let seed: UInt64
    /// The test that explores, named in the report of a crash.
    private let test: String?
    private let settlesMainActor: Bool
    private let schedulesMainActor: Bool
    /// How long the schedule may have nothing to run before it counts as stuck.
    private let stallLimit: DispatchTimeInterval
    /// The thread that runs the schedule's jobs: the one that made the executor.
    private let thread = pthread_self()

    init(
        seed: UInt64, expectedSteps: Int, settlesMainActor: Bool, schedulesMainActor: Bool = false, stallLimit: DispatchTimeInterval,
        test: String? = nil
    ) {
        self.schedulesMainActor = schedulesMainActor
        state = Mutex(State(chooser: Chooser(seed: seed, expectedSteps: expectedSteps)))
        self.seed = seed
        self.test = test
        self.settlesMainActor = settlesMainActor
        self.stallLimit = stallLimit
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let task = Self.taskID(in: job.description)
        // The schedule's own jobs, and the main actor's (which runs while the schedule waits for
        // it), hand jobs back from those two places only: a job from any other thread was woken by
        // work that ran on the machine's thread pool, at a moment the machine chose.
        noticeIfAway("a task of the schedule was woken from a thread outside it")
        enqueue(unowned: UnownedJob(job), task: task)
    }

    /// Whether the calling code runs on the schedule's thread.
    var isCurrentThread: Bool { pthread_equal(thread, pthread_self()) != 0 }

    /// Records that work ran outside the schedule while it was under way: the schedule no longer
    /// decides the order of everything, so its verdict can't stand. The first sign is kept.
    func noticeOutside(_ what: String) {
        state.withLock { state in
            guard !state.closed, state.outside == nil else { return }
            state.outside = what
        }
    }

    /// ``noticeOutside(_:)``, when the calling code runs neither on the schedule's thread nor on
    /// the main queue (which runs while the schedule waits for it).
    func noticeIfAway(_ what: String) {
        if !isCurrentThread && !UnstructuredTasks.isMainQueue { noticeOutside(what) }
    }

    /// What ran outside the schedule while it was under way, if anything did.
    var outside: String? { state.withLock { $0.outside } }

    /// Adds a job of `task` (nil when it has none) to the ready ones.
    func enqueue(unowned job: UnownedJob, task: UInt64?) {
        let accepted = state.withLock { state in
            guard !state.closed else { return false }
            state.ready.append(Ready(job: job, task: task ?? state.running))
            // A task that sleeps goes on before its sleep has ended: it was cancelled. The sleep's
            // job, which has nothing left to wake, runs as any other, and no step says it ended.
            if let task, let cancelled = state.sleeps.firstIndex(where: { $0.sleeper == task }) {
                let sleep = state.sleeps.remove(at: cancelled)
                state.ready.append(Ready(job: sleep.job, task: sleep.task))
            }
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
            let left = state.withLock { state in
                state.closed = true
                defer { state.sleeps = [] }
                return state.sleeps.map { (job: $0.job, wait: $0.deadline - state.now) }
            }
            // Sleeps that outlive the schedule (cancelled ones, a stray task's) wait on Dispatch.
            for sleep in left { Self.wake(sleep.job, after: sleep.wait) }
            CrashReport.end(report)
        }
        // A settled main actor is held too, and given a turn after every job: while this schedule
        // holds the main queue, the jobs its main-actor tasks send to the global executor join it
        // (``UnstructuredTasks``); left free, the queue served several settling schedules at once and
        // those jobs ran on the thread pool.
        var gate = MainQueueGate(active: schedulesMainActor || settlesMainActor, for: self)
        defer { gate.close() }
        // Whether a job ran since the main actor's last turn: it may have given the main actor work.
        var mainActorMayHaveWork = false
        while true {
            let offersMainActor = schedulesMainActor && mainActorMayHaveWork
            let next = state.withLock { state -> Ready?? in
                guard !state.ready.isEmpty else { return nil }
                // With the main actor scheduled, its turn is one more choice, of a task of its own,
                // offered only after a job that may have given it work (always offered, it would be
                // chosen without end by a strategy that ranked it first). The end of the earliest
                // sleep is one more, of a task of its own (``Sleep/choice``).
                let endable = Self.endableSleeps(state.sleeps)
                let choices = state.ready.map(\.task) + (offersMainActor ? [Self.mainActorTask] : []) + endable.map(\.choice)
                let starved = state.ready.firstIndex { $0.passedOver >= Self.starvationLimit }
                let index = starved ?? state.chooser.choose(among: choices)
                for other in state.ready.indices where other != index { state.ready[other].passedOver += 1 }
                if index >= state.ready.count {
                    // The main actor's turn (nil), or the end of a sleep.
                    let sleep = index - state.ready.count - (offersMainActor ? 1 : 0)
                    guard sleep >= 0, let ended = Self.endSleep(&state, at: sleep) else { return .some(nil) }
                    return ended
                }
                let chosen = state.ready.remove(at: index)
                state.running = chosen.task
                return chosen
            }
            switch next {
            case .some(.some(let next)):
                run(next, report: report)
                mainActorMayHaveWork = true
                if settlesMainActor && !schedulesMainActor {
                    CrashReport.onMainActor(report, true)
                    gate.takeTurn()
                    mainActorMayHaveWork = false
                    CrashReport.onMainActor(report, false)
                }
                continue
            case .some(.none):
                CrashReport.onMainActor(report, true)
                gate.takeTurn()
                mainActorMayHaveWork = false
                CrashReport.onMainActor(report, false)
                continue
            case .none:
                break
            }
            // Closed in the same lock: a job that comes after goes to the global executor instead
            // of waiting here for a loop that has ended.
            let done = state.withLock { state in
                if state.finished && state.ready.isEmpty { state.closed = true }
                return state.closed
            }
            if done { return true }
            // Nothing here to run, and the main actor may have work that hands some back: its turn
            // comes now, as one settled step. (Left to run freely while this waits, it would go on
            // after the first job it hands back, at the same time as the schedule's next choices.)
            if gate.active && mainActorMayHaveWork {
                CrashReport.onMainActor(report, true)
                gate.takeTurn()
                mainActorMayHaveWork = false
                CrashReport.onMainActor(report, false)
                continue
            }
            // Nothing else can go on: a sleep ends, the earliest or one close to it (time passes
            // while nothing runs).
            let ended = state.withLock { state -> Ready? in
                let endable = Self.endableSleeps(state.sleeps)
                guard endable.count > 1 else { return Self.endSleep(&state) }
                return Self.endSleep(&state, at: state.chooser.choose(among: endable.map(\.choice)))
            }
            if let ended {
                run(ended, report: report)
                mainActorMayHaveWork = true
                continue
            }
            // Still nothing: what hands a job back runs outside the schedule (the pool, another
            // test's work on the main actor). While this waits, the main queue runs freely.
            CrashReport.onMainActor(report, true)
            gate.open()
            let woken = wake.wait(timeout: .now() + stallLimit)
            gate.hold()
            CrashReport.onMainActor(report, false)
            if woken == .timedOut, state.withLock({ $0.ready.isEmpty && !$0.finished }) {
                return false
            }
        }
    }

    /// Runs one chosen job on this thread, the crash report knowing it (and the step that ended a
    /// sleep, which the trace has just noted).
    private func run(_ ready: Ready, report: ObjectIdentifier) {
        if ready.endsSleep { CrashReport.update(report, trace: trace, test: test, seed: seed) }
        CrashReport.running(report, on: pthread_self())
        ready.job.runSynchronously(on: asUnownedTaskExecutor())
        CrashReport.running(report, on: nil)
    }

    /// The priority of a schedule's tasks, which the tasks they start inherit: the one other tests
    /// hardly run at, so that a job the main queue enqueues can be told to be the schedule's
    /// (``UnstructuredTasks``). The schedule's own choices don't depend on it.
    static let priority = TaskPriority.background

    /// The task the main actor's turns are chosen as: no task of the runtime's has this id.
    static let mainActorTask = UInt64.max

    /// Holds the main queue between the main actor's turns, for one schedule with
    /// `schedulesMainActor`: a block on the main queue waits, so main-actor jobs queue up behind
    /// it until the chooser gives the main actor its turn, as if it were busy with the UI
    /// meanwhile. The main actor's jobs run in the order they were enqueued (the runtime orders
    /// them: see ``Interleavings/explore(schedules:expectedSteps:settlesMainActor:schedulesMainActor:sourceLocation:_:)``);
    /// the schedule chooses when each backlog runs, among the other tasks' steps.
    private struct MainQueueGate {
        /// One schedule at a time holds the main queue: two that waited for each other's
        /// turns could wait forever.
        private static let holder = DispatchSemaphore(value: 1)
        let active: Bool
        private var block: DispatchSemaphore?

        /// Holds the main queue for `executor`'s schedule when `active`; while it does, the jobs the
        /// main queue sends to the global executor join that schedule (``UnstructuredTasks``).
        init(active: Bool, for executor: ScheduleExecutor) {
            self.active = active
            guard active else { return }
            Self.holder.wait()
            UnstructuredTasks.mainQueue(heldBy: executor)
            hold()
        }

        /// Puts a waiting block at the end of the main queue.
        mutating func hold() {
            guard active, block == nil else { return }
            let block = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { block.wait() }
            self.block = block
        }

        /// Lets the main queue run freely.
        mutating func open() {
            block?.signal()
            block = nil
        }

        /// The main actor's turn: it runs its backlog (and what that gives it, two hops deep).
        mutating func takeTurn() {
            open()
            ScheduleExecutor.settleMainActor()
            hold()
        }

        mutating func close() {
            guard active else { return }
            UnstructuredTasks.mainQueue(heldBy: nil)
            open()
            Self.holder.signal()
        }
    }

    /// Waits until the main queue has run what the last job gave it (and what that gave it in
    /// turn, two hops deep), so that the jobs it hands back are all here before the next choice.
    fileprivate static func settleMainActor() {
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

/// A sleep of one of the schedule's tasks, on any clock (`Task.sleep` in all its forms, a clock's
/// `sleep`), is handed to the executor the task runs on: Swift 6.3's `SchedulingExecutor` (SPI
/// `ExperimentalScheduling`). Here, on the schedule's own thread, it becomes one more step the
/// schedule chooses (``Sleep``): the clock does not decide when it ends, the seed does, the same
/// on every run, and no schedule waits a sleep out. (Left to Dispatch, a sleep woke its task on a
/// thread of the pool, and the harness could only flag the run: then a correct answer with a
/// needless sleep failed, a cancelled sleep went unseen, and on a loaded machine the same seed
/// once passed.)
///
/// One sleep still goes to Dispatch: one in an actor's code, in a task with no executor
/// preference (a `Task {}` the schedule started, a main-actor task calling into an actor). The
/// runtime asks the actor's executor, then the task's preferred one, then the one running the
/// job, and a default actor's drain runs each task with its own preference, which such a task
/// lacks: the sleep reaches `Task.defaultExecutor`, past every hook. It usually shows when its
/// task wakes on a thread of the pool (``UnstructuredTasks``), and the run is flagged — not when
/// the actor's job that wakes it carries no task (about one run in fifty of a probe); a sleep
/// cancelled before its real time was up shows nothing, and then nothing the clock decided happened.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
extension ScheduleExecutor: SchedulingExecutor {
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let task = Self.taskID(in: job.description)
        sleep(UnownedJob(job), task: task, for: delay as? Duration)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        let task = Self.taskID(in: job.description)
        sleep(UnownedJob(job), task: task, for: clock.now.duration(to: instant) as? Duration)
    }
}

extension ScheduleExecutor {
    /// A task of the schedule started to sleep for `delay` (nil on a clock whose durations are not
    /// `Duration`s: it may end at once). See the `SchedulingExecutor` conformance.
    private func sleep(_ job: UnownedJob, task: UInt64?, for delay: Duration?) {
        noticeIfAway("a task of the schedule slept on a thread outside it")
        // In whole milliseconds, rounded up: a sleep's length reaches here as a deadline on the
        // clock, so it is measured again, short by the time that passed since the sleep read the
        // clock (a few runtime calls: 0.1 ms for a process's first sleep, microseconds after).
        // Rounded up, a sleep of whole milliseconds is measured exactly unless that time passes a
        // millisecond (the thread preempted in between), and equal sleeps stay equal.
        let milliseconds = (max(delay ?? .zero, .zero) / .milliseconds(1)).rounded(.up)
        let duration = Duration.milliseconds(Int64(min(milliseconds, 1e15)))
        let name = Interleavings.current?.task
        let accepted = state.withLock { state in
            guard !state.closed else { return false }
            state.sleepsBegun += 1
            let sleep = Sleep(
                job: job, task: task ?? state.running, deadline: state.now + duration, sleeper: state.running, name: name,
                choice: Self.firstSleepChoice + state.sleepsBegun)
            let index = state.sleeps.firstIndex { $0.deadline > sleep.deadline } ?? state.sleeps.endIndex
            state.sleeps.insert(sleep, at: index)
            return true
        }
        guard accepted else { return Self.wake(job, after: duration) }
        wake.signal()
    }

    /// Ends the earliest sleep: the schedule's clock moves on to its deadline, and its job is the
    /// one to run. Nil when no sleep is under way.
    private static func endSleep(_ state: inout State, at index: Int = 0) -> Ready? {
        guard state.sleeps.indices.contains(index) else { return nil }
        let sleep = state.sleeps.remove(at: index)
        state.now = max(state.now, sleep.deadline)
        state.running = sleep.task
        if let name = sleep.name {
            state.trace.steps.append(Trace.Step(task: name, text: "sleep ends"))
        }
        return Ready(job: sleep.job, task: sleep.task, endsSleep: true)
    }

    /// How close two deadlines may be and still end in either order. A sleep's length is measured
    /// again as it reaches the executor, short by however long the thread was held up since the
    /// sleep read the clock; on a loaded machine that once passed 10 ms, and a 20 ms sleep was
    /// ordered before a 10 ms one. Deadlines this close are not ordered, so no run's measurement
    /// decides an order; code that relies on a 10 ms difference between two sleeps is relying on
    /// the machine's timing anyway.
    static let deadlineMargin = Duration.milliseconds(50)

    /// The sleeps that may end now (``sleeps`` is ordered by deadline): the earliest, and those
    /// whose deadlines are within ``deadlineMargin`` of it.
    private static func endableSleeps(_ sleeps: [Sleep]) -> ArraySlice<Sleep> {
        guard let earliest = sleeps.first?.deadline else { return [] }
        return sleeps.prefix { $0.deadline <= earliest + deadlineMargin }
    }

    /// Runs a sleep's job on the global executor once `wait` has passed: a sleep that began or is
    /// left after the schedule ended.
    private static func wake(_ job: UnownedJob, after wait: Duration) {
        let parts = max(wait, .zero).components
        // A day stands for any longer wait: the deadline only has to be later than the test.
        let nanoseconds = parts.seconds >= 86_400 ? 86_400 * 1_000_000_000 : Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            globalConcurrentExecutor.enqueue(ExecutorJob(job))
        }
    }
}
