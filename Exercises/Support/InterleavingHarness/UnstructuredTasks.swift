// Course support code: the exercises' tests import it; learners read it, never change it.

import Dispatch
import Foundation
import Synchronization

/// Brings the tasks a schedule starts with `Task {}` or `Task.detached {}` into that schedule.
///
/// An unstructured task does not inherit its creator's task executor preference: its jobs go to
/// the global executor, where the machine's timing, not the seed, would order them. The runtime
/// lets a program see every job bound for the global executor (`swift_task_enqueueGlobal_hook`,
/// the hook libraries such as swift-concurrency-extras use to serialize tests). The harness sets it
/// once per process: a job enqueued by a thread that runs a schedule, or of a task seen that way
/// before, joins that schedule; so does a job of the schedule's priority enqueued from the main
/// queue while a schedule holds it (`settlesMainActor` or `schedulesMainActor`); every other job
/// goes where it was going.
///
/// Why the main queue: a task that main-actor code starts (a stored `Task {}` in a main-actor
/// model) runs in the main actor's turns, where the hook never sees it, and its `@concurrent` call
/// is enqueued from the main queue's thread. Left to the pool, that call would run at the
/// machine's pace and the same seed could give another schedule (stop-search's
/// `checked-off-the-main-actor`, Swift 6.3.1: `--replay 3` failed 5 runs in 10). Only one schedule
/// holds the main queue at a time, but other tests' main-actor work runs in its turns too (a test
/// that waits with a thousand `Task.yield()`s enqueues a thousand global jobs from there). The
/// runtime clears the current task before it enqueues, so the job's task-locals can't say whose it
/// is; its priority can: a schedule's tasks run at ``ScheduleExecutor/priority``, and the tasks
/// they start inherit it.
enum UnstructuredTasks {
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private struct Schedules {
        /// The schedules running now, by the thread each runs its jobs on.
        var threads: [(thread: pthread_t, executor: ScheduleExecutor)] = []
        /// The tasks that joined a schedule.
        var tasks: [UInt64: ScheduleExecutor] = [:]
        /// The schedule that holds the main queue now, if one does.
        var mainQueue: ScheduleExecutor?
        /// Tasks whose jobs went where they were going while a schedule ran: should one of them
        /// join a schedule later, it ran outside that schedule first. Forgotten when no schedule runs.
        var declined: Set<UInt64> = []
    }

    /// At most this many declined tasks are remembered (other tests' tasks are declined too).
    private static let declinedLimit = 10_000

    private static let schedules = Mutex(Schedules())

    /// Marks the main queue, so that the hook can tell a job enqueued from it.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the hook is set; false if the runtime has no such hook or another one is set.
    static let hooked: Bool = {
        guard let runtime = dlopen(nil, RTLD_NOW), let symbol = dlsym(runtime, "swift_task_enqueueGlobal_hook") else { return false }
        let slot = symbol.assumingMemoryBound(to: Hook?.self)
        guard slot.pointee == nil else { return false }
        slot.pointee = { job, original in
            if !UnstructuredTasks.adopt(job) { original(job) }
        }
        return true
    }()

    /// Whether the calling code runs on the main queue (the main actor's jobs on Linux).
    static var isMainQueue: Bool {
        DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Starts bringing what the current thread enqueues into `executor`'s schedule.
    static func begin(_ executor: ScheduleExecutor) {
        _ = hooked
        _ = mainQueueKey
        let thread = pthread_self()
        schedules.withLock { $0.threads.append((thread, executor)) }
    }

    /// Stops bringing anything into `executor`'s schedule: it has ended.
    static func end(_ executor: ScheduleExecutor) {
        schedules.withLock { schedules in
            schedules.threads.removeAll { $0.executor === executor }
            schedules.tasks = schedules.tasks.filter { $0.value !== executor }
            if schedules.mainQueue === executor { schedules.mainQueue = nil }
            if schedules.threads.isEmpty { schedules.declined = [] }
        }
    }

    /// Starts bringing what the main queue enqueues into `executor`'s schedule, which now holds
    /// the main queue; nil stops it. Only one schedule holds the main queue at a time.
    static func mainQueue(heldBy executor: ScheduleExecutor?) {
        _ = mainQueueKey
        schedules.withLock { $0.mainQueue = executor }
    }

    /// Hands `job` to the schedule it belongs to; false when it belongs to none.
    ///
    /// It also notices work that ran outside a schedule (``ScheduleExecutor/noticeOutside(_:)``):
    /// a job of one of the schedule's tasks enqueued from the machine's thread pool (the task went
    /// on there after a `Task.yield()` that the runtime sent straight to Dispatch, past
    /// this hook), and a task that joins a schedule after its jobs had gone to the pool (a
    /// main-actor task with a priority of its own, whose `@concurrent` call the priority check
    /// below can't claim).
    private static func adopt(_ job: UnownedJob) -> Bool {
        let task = ScheduleExecutor.taskID(in: ExecutorJob(job).description)
        let here = pthread_self()
        let onMainQueue = isMainQueue
        let fromMainQueue = onMainQueue && ExecutorJob(job).priority.rawValue == JobPriority(ScheduleExecutor.priority).rawValue
        let (executor, outside) = schedules.withLock { schedules -> (ScheduleExecutor?, String?) in
            let enqueuer =
                schedules.threads.first { pthread_equal($0.thread, here) != 0 }?.executor ?? (fromMainQueue ? schedules.mainQueue : nil)
            if let task, let executor = schedules.tasks[task] {
                let away = enqueuer !== executor && !onMainQueue
                return (executor, away ? "a task the schedule started went on on a thread outside it" : nil)
            }
            guard let executor = enqueuer else {
                if let task, !schedules.threads.isEmpty {
                    if schedules.declined.count >= declinedLimit { schedules.declined = [] }
                    schedules.declined.insert(task)
                }
                return (nil, nil)
            }
            guard let task else { return (executor, nil) }
            schedules.tasks[task] = executor
            let ranOutside = schedules.declined.remove(task) != nil
            return (executor, ranOutside ? "a task that had run on the machine's thread pool joined the schedule" : nil)
        }
        guard let executor else { return false }
        if let outside { executor.noticeOutside(outside) }
        executor.enqueue(unowned: job, task: task)
        return true
    }
}
