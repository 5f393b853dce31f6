// Course support code: the exercises' tests import it; learners read it, never change it.

import Foundation
import Synchronization

/// Brings the tasks a schedule starts with `Task {}` or `Task.detached {}` into that schedule.
///
/// An unstructured task does not inherit its creator's task executor preference: its jobs go to
/// the global executor, where the machine's timing, not the seed, would order them. The runtime
/// lets a program see every job bound for the global executor (`swift_task_enqueueGlobal_hook`,
/// the hook libraries such as swift-concurrency-extras use to serialize tests). The harness sets it
/// once per process: a job enqueued by a thread that runs a schedule, or of a task seen that way
/// before, joins that schedule; every other job goes where it was going.
enum UnstructuredTasks {
    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    private struct Schedules {
        /// The schedules running now, by the thread each runs its jobs on.
        var threads: [(thread: pthread_t, executor: ScheduleExecutor)] = []
        /// The tasks that joined a schedule.
        var tasks: [UInt64: ScheduleExecutor] = [:]
    }

    private static let schedules = Mutex(Schedules())

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

    /// Starts bringing what the current thread enqueues into `executor`'s schedule.
    static func begin(_ executor: ScheduleExecutor) {
        _ = hooked
        let thread = pthread_self()
        schedules.withLock { $0.threads.append((thread, executor)) }
    }

    /// Stops bringing anything into `executor`'s schedule: it has ended.
    static func end(_ executor: ScheduleExecutor) {
        schedules.withLock { schedules in
            schedules.threads.removeAll { $0.executor === executor }
            schedules.tasks = schedules.tasks.filter { $0.value !== executor }
        }
    }

    /// Hands `job` to the schedule it belongs to; false when it belongs to none.
    private static func adopt(_ job: UnownedJob) -> Bool {
        let task = ScheduleExecutor.taskID(in: ExecutorJob(job).description)
        let here = pthread_self()
        let executor = schedules.withLock { schedules -> ScheduleExecutor? in
            if let task, let executor = schedules.tasks[task] { return executor }
            guard let executor = schedules.threads.first(where: { pthread_equal($0.thread, here) != 0 })?.executor else { return nil }
            if let task { schedules.tasks[task] = executor }
            return executor
        }
        guard let executor else { return false }
        executor.enqueue(unowned: job, task: task)
        return true
    }
}
