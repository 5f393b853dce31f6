// Course support code: the exercises' tests import it; learners read it, never change it.

import Dispatch
import Foundation
import Synchronization

/// What the harness prints when the program crashes in the middle of a schedule: the steps of
/// the schedule so far and its seed, so that a trap in the learner's code (an index out of range
/// after an `await`, a continuation resumed twice) shows the interleaving that led to it.
///
/// A crash can't be caught: the runtime stops the process. So each schedule keeps its trace
/// rendered ahead of time, and a handler for the crash signals writes the ones whose job was
/// running when it came (`write` only: no allocation, no lock it could wait for), puts the
/// signal's default action back and returns, and the process dies of the same signal as before.
enum CrashReport {
    private struct Entry {
        var text: [UInt8]
        /// The thread running one of the schedule's jobs, if one is: a crash on that thread came
        /// from this schedule.
        var thread: pthread_t?
        /// Whether the schedule is waiting for the main actor to run what its last job gave it:
        /// a crash on the main actor's thread may have come from this schedule.
        var onMainActor = false
    }

    private static let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    /// Installs the handler once per process, the first time a schedule starts.
    private static let installed: Bool = {
        for crash in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT] {
            signal(crash) { received in
                CrashReport.writeRunning()
                signal(received, SIG_DFL)
            }
        }
        return true
    }()

    /// Starts keeping the report of `schedule`.
    static func begin(_ schedule: ObjectIdentifier, test: String?, seed: UInt64) {
        _ = installed
        entries.withLock { $0[schedule] = Entry(text: render(Trace(), test: test, seed: seed)) }
    }

    /// Renders the schedule's trace again, after a new step.
    static func update(_ schedule: ObjectIdentifier, trace: Trace, test: String?, seed: UInt64) {
        let text = render(trace, test: test, seed: seed)
        entries.withLock { $0[schedule]?.text = text }
    }

    /// Marks that one of the schedule's jobs runs on this thread, or (nil) that none does.
    static func running(_ schedule: ObjectIdentifier, on thread: pthread_t?) {
        entries.withLock { $0[schedule]?.thread = thread }
    }

    /// Marks whether the schedule waits for the main actor to run what its last job gave it.
    static func onMainActor(_ schedule: ObjectIdentifier, _ waiting: Bool) {
        entries.withLock { $0[schedule]?.onMainActor = waiting }
    }

    /// Forgets the schedule: it finished without a crash.
    static func end(_ schedule: ObjectIdentifier) {
        _ = entries.withLock { $0.removeValue(forKey: schedule) }
    }

    static func render(_ trace: Trace, test: String?, seed: UInt64) -> [UInt8] {
        let test = test.map { " of \($0)" } ?? ""
        let text =
            "\nThe program crashed in this order of the tasks' steps\(test) (seed \(seed); `--replay \(seed)` runs exactly this schedule again):\n"
            + trace.rendered(outcome: "the program crashed here (the runtime's message is above)", seed: seed) + "\n"
        return Array(text.utf8)
    }

    /// Writes the report of the schedule whose job crashed on this thread or, when none did, of
    /// each schedule that waits for the main actor.
    ///
    /// Another schedule's thread (the tests run in parallel) may hold the lock while it notes a
    /// step, and on a loaded machine the scheduler may leave it there, holding the lock, for a
    /// good part of a second: the handler asks again, giving way to other threads in between, for
    /// up to three seconds of the monotonic clock (a count of short sleeps, a tenth of a second in
    /// all, ran out on a loaded CI machine and the report was lost). Past that, it says it could
    /// not read the steps rather than print nothing. Nothing here allocates: the crash may have
    /// come in the middle of an allocation.
    private static func writeRunning() {
        let start = monotonicSeconds()
        while monotonicSeconds() - start < 3 {
            if writeRunningIfUnlocked() { return }
            sched_yield()
            usleep(200)
        }
        unreadable.withUTF8Buffer { writeAll($0) }
    }

    private static let unreadable: StaticString =
        "\nThe program crashed while the tests explored schedules; the steps that led to it could not be read in time.\n"

    /// Seconds since boot: `dispatch_time`, which reads the monotonic clock and allocates nothing.
    private static func monotonicSeconds() -> Int {
        Int(DispatchTime.now().uptimeNanoseconds / 1_000_000_000)
    }

    /// ``writeRunning()`` once; false when the lock was held.
    private static func writeRunningIfUnlocked() -> Bool {
        let written: Bool? = entries.withLockIfAvailable { entries in
            let here = pthread_self()
            var wrote = false
            for entry in entries.values where entry.thread.map({ pthread_equal($0, here) != 0 }) ?? false {
                entry.text.withUnsafeBufferPointer { writeAll($0) }
                wrote = true
            }
            guard !wrote else { return true }
            for entry in entries.values where entry.onMainActor {
                entry.text.withUnsafeBufferPointer { writeAll($0) }
            }
            return true
        }
        return written ?? false
    }

    /// Writes all of `bytes` to the standard error, as far as it will take them.
    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(2, base + offset, bytes.count - offset)
            guard written > 0 else { return }
            offset += written
        }
    }
}
