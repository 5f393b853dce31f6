/// A construct named by what it does rather than by one of its spellings: every declaration that
/// suspends for time, every way to start a task of its own.
///
/// A kind is decided on the name the compiler resolved (``CompilerView/Reference/name``), so a
/// typealias (`typealias Wait = ContinuousClock`), a generic parameter constrained to `Clock`, an
/// `any Clock`, a qualified name or a generic `Task<Int, Never>` all reach the same declarations.
/// The learner's own declarations (`exercise.…`) are never a kind: a helper of theirs that sleeps
/// is found by the sleep inside it.
public enum ConstructKind: String, Sendable, Equatable, CaseIterable {
    /// Suspends or blocks for a time: every clock's `sleep` (`ContinuousClock`, `SuspendingClock`,
    /// any `Clock` through its protocol, Swift Testing's clock), `Task.sleep` in all its forms,
    /// `Thread.sleep`, and the C library's `sleep`, `usleep`, `nanosleep`, `clock_nanosleep`.
    case sleep
    /// Gives the scheduler a turn without waiting for anything: `Task.yield()` (and its old name
    /// `Task.suspend()`), the C library's `sched_yield` and `pthread_yield`.
    case yield
    /// Starts a task that is nobody's child: every `Task` initializer (`Task {}`, `Task(name:)`,
    /// `Task<Int, Never> {}`, an alias), `Task.detached`, `Task.immediate`,
    /// `Task.immediateDetached` and the deprecated `Task.runDetached`.
    case unstructuredTask = "unstructured-task"
    /// Starts a task that also drops the caller's actor, priority and task-local values:
    /// `Task.detached`, `Task.immediateDetached`, `Task.runDetached`.
    case detachedTask = "detached-task"
    /// A task started only to take a turn — a `Task`, a task group's child or an `async let` whose
    /// body awaits nothing of the code under test (`await Task {}.value`, `Task { await
    /// Task.yield() }`, `async let pause: Void = ()`); see ``CompilerView/idleTaskReferences()``.
    case idleTask = "idle-task"

    /// Where a kind counts (`inside = "loop"`); without one it counts anywhere.
    public enum Place: String, Sendable, Equatable, CaseIterable {
        /// In the body of a `for`, `while` or `repeat` loop, in a function or closure that such a
        /// body calls (in any file of the module), or in a function that calls itself.
        case loop
    }

    /// What a verdict calls it when the construct gives no `name`.
    public var displayName: String {
        switch self {
        case .sleep: "sleep"
        case .yield: "Task.yield()"
        case .unstructuredTask: "Task { }"
        case .detachedTask: "Task.detached"
        case .idleTask: "a task that awaits nothing"
        }
    }

    static let sleepNames: Set<Substring> = ["sleep", "usleep", "nanosleep", "clock_nanosleep"]
    static let taskType = "_Concurrency.Task"

    /// Whether the resolved `name` (as ``CompilerView`` normalizes it) is this kind.
    public func matches(_ name: String) -> Bool {
        guard let (owner, base) = Self.split(name), owner != "exercise", !owner.hasPrefix("exercise.") else { return false }
        switch self {
        case .sleep:
            return Self.sleepNames.contains(base)
        case .yield:
            return (owner == Self.taskType && (base == "yield" || base == "suspend"))
                || (owner == "libc" && (base == "sched_yield" || base == "pthread_yield"))
        case .idleTask:
            // A task first (which ones are idle needs the view: the finder asks it), or a child.
            return Self.unstructuredTask.matches(name) || (owner.hasPrefix("_Concurrency.") && owner.hasSuffix("TaskGroup") && base.hasPrefix("add"))
        case .unstructuredTask:
            let lowered = base.lowercased()
            return owner == Self.taskType && (base == "init" || lowered.contains("detached") || lowered.contains("immediate"))
        case .detachedTask:
            return owner == Self.taskType && base.lowercased().contains("detached")
        }
    }

    /// `_Concurrency.Task.sleep(for:tolerance:clock:)` → (`_Concurrency.Task`, `sleep`): what
    /// declares the member, and the member's name without its argument labels. Dots inside the
    /// labels' parentheses (none in practice) do not split.
    static func split(_ name: String) -> (owner: Substring, base: Substring)? {
        var depth = 0
        var lastDot: String.Index?
        for index in name.indices {
            switch name[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case "." where depth == 0: lastDot = index
            default: break
            }
        }
        guard let lastDot else { return nil }
        let member = name[name.index(after: lastDot)...]
        return (name[..<lastDot], member.prefix { $0 != "(" })
    }
}
