/// A concurrency mistake the course's tests must catch, applied to a reference solution.
///
/// Each operator is a mistake the lessons warn about, made where the code gives it a place:
/// an expert's shortcut or a slip, never sabotage (deleting a body proves nothing about the tests).
public enum MutationOperator: String, CaseIterable, Sendable {
    /// A guarded read-then-write split by `await Task.yield()`: check in one visit, act in the next.
    case splitCriticalSection = "split-critical-section"
    /// An actor's or a class's state read before an `await` and that copy used after it.
    case staleReadAcrossAwait = "stale-read-across-await"
    /// `try Task.checkCancellation()` deleted, `Task.isCancelled` read as `false`, or a group's
    /// `addTaskUnlessCancelled` as `addTask` (its answer `true`).
    case removeCancellationCheck = "remove-cancellation-check"
    /// The `onCancel:` handler of `withTaskCancellationHandler` emptied, or a stream's
    /// `onTermination` made to return at once when its consumer cancels.
    case removeCancellationHandler = "remove-cancellation-handler"
    /// A `cancelAll()` or `cancel()` call deleted.
    case removeCancel = "remove-cancel"
    /// `async let x = f()` as `let x = Task { f() }`, awaited through `x.value`.
    case asyncLetToTask = "async-let-to-task"
    /// A task group's `group.addTask { … }` as an unstructured `Task { … }`.
    case groupTaskToTask = "group-task-to-task"
    /// `@concurrent` deleted: the function runs on its caller's actor.
    case dropConcurrent = "drop-concurrent"
    /// Work in a `@concurrent` function or a detached task moved back onto the main actor with
    /// `await MainActor.run { … }`.
    case mainActorRun = "main-actor-run"
    /// `[weak x]` as `[unowned x]` in a capture list (its optional uses made plain).
    case weakToUnowned = "weak-to-unowned"
    /// `[weak x]` as `[x]` (its optional uses made plain): a closure that `x` keeps, such as a
    /// listener or a stored task, now keeps `x` alive, a cycle.
    case weakToStrong = "weak-to-strong"
    /// A throwing call's error ignored: `try f()` as `_ = try? f()`.
    case swallowError = "swallow-error"
    /// An error rethrown from a `catch` as a `CancellationError()`.
    case remapError = "remap-error"
    /// `Task.immediate { … }` as `Task { … }`: the work no longer starts before the caller goes on.
    case immediateToTask = "immediate-to-task"
    /// A custom executor's wiring forgotten: an actor's `unownedExecutor` deleted (its jobs run on
    /// the default executor), or a serial executor's `checkIsolated()` deleted (code already on its
    /// queue is not recognised as the actor's).
    case dropExecutorWiring = "drop-executor-wiring"
    /// A continuation resumed on every path but one: that path's `resume(…)` left out, so the
    /// code that awaits it waits for ever.
    case skipResume = "skip-resume"
    /// A `Task { … }` that nobody keeps, in an `async` function, run in place: the caller waits
    /// for work that was meant to go on without it.
    case taskRunInPlace = "task-run-in-place"
    /// What an observation closure (`Observations { … }`, `withObservationTracking { … }`) reads,
    /// read once before it: the closure reads no property, so no change is ever seen.
    case untrackedRead = "untracked-read"
    /// An `isolated deinit`'s clean-up handed to a `Task`: it runs some time after the object is
    /// gone, not at once.
    case deinitWorkToTask = "deinit-work-to-task"
}

/// One mutant of one file: the file's new text, and what changed, where.
public struct GeneratedMutant: Sendable, Equatable {
    public var mutation: MutationOperator
    /// The file's name (one of the exercise's `files`).
    public var file: String
    /// The line of the original file the change is on (its first line when it spans several).
    public var line: Int
    /// What the mutant does differently, in one line.
    public var description: String
    /// The mutated file, whole.
    public var text: String
    /// `operator@file:line`, with `#2`, `#3`… for the second and later mutants of one operator on
    /// one line: stable while the solution's lines do not move, and a folder name.
    public var id: String

    public init(mutation: MutationOperator, file: String, line: Int, description: String, text: String, id: String) {
        self.mutation = mutation
        self.file = file
        self.line = line
        self.description = description
        self.text = text
        self.id = id
    }
}

/// Makes the mutants of a source file: every operator, in `MutationOperator.allCases` order, each
/// at every place it applies in source order. Pure and deterministic.
public enum Mutator {
    public static func mutants(of text: String, file: String, operators: [MutationOperator] = MutationOperator.allCases) -> [GeneratedMutant] {
        let source = MutationSource(text)
        var mutants: [GeneratedMutant] = []
        var seen: [String: Int] = [:]
        for mutation in operators {
            // In source order within an operator: stable, and the order an author reads them in.
            for candidate in source.candidates(for: mutation).enumerated().sorted(by: { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }).map(
                \.element)
            {
                let mutated = source.applying(candidate.edits)
                guard mutated != text else { continue }
                let base = "\(mutation.rawValue)@\(file):\(candidate.line)"
                let count = (seen[base] ?? 0) + 1
                seen[base] = count
                mutants.append(
                    GeneratedMutant(
                        mutation: mutation, file: file, line: candidate.line, description: candidate.description, text: mutated,
                        id: count == 1 ? base : "\(base)#\(count)"))
            }
        }
        return mutants
    }
}

/// Where an operator applies: the edits that make the mutant, and what it changes.
struct MutationCandidate {
    var line: Int
    var description: String
    var edits: [MutationEdit]
}

extension MutationSource {
    func candidates(for mutation: MutationOperator) -> [MutationCandidate] {
        switch mutation {
        case .splitCriticalSection: splitCriticalSections()
        case .staleReadAcrossAwait: staleReads()
        case .removeCancellationCheck: removedCancellationChecks()
        case .removeCancellationHandler: emptiedCancellationHandlers()
        case .removeCancel: removedCancelCalls()
        case .asyncLetToTask: asyncLetsAsTasks()
        case .groupTaskToTask: groupTasksAsTasks()
        case .dropConcurrent: droppedConcurrent()
        case .mainActorRun: movedToMainActor()
        case .weakToUnowned: weakAsUnowned()
        case .weakToStrong: weakAsStrong()
        case .swallowError: swallowedErrors()
        case .remapError: remappedErrors()
        case .immediateToTask: immediateTasksAsTasks()
        case .dropExecutorWiring: droppedExecutorWiring()
        case .skipResume: skippedResumes()
        case .taskRunInPlace: tasksRunInPlace()
        case .untrackedRead: untrackedReads()
        case .deinitWorkToTask: deinitWorkInTasks()
        }
    }

    /// `text` cut to `limit` characters on one line, for a description.
    func snippet(_ first: Int, _ last: Int, limit: Int = 48) -> String {
        let flat = text(tokens: first, last).split(whereSeparator: \.isNewline).map { String($0).trimmingCharacters(in: " \t") }.joined(separator: " ")
        return flat.count > limit ? String(flat.prefix(limit - 1)) + "…" : flat
    }
}
