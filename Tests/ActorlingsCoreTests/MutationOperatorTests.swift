import Testing

@testable import ActorlingsCore

@Suite("Mutation operators")
struct MutationOperatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var mutation: MutationOperator
        var source: String
        /// Every mutant's whole text, in order; empty where the operator must not apply.
        var mutants: [String]
        var testDescription: String { "\(mutation.rawValue): \(name)" }
    }

    static let applyingCases: [Case] = [
        Case(
            name: "a guard's check and its act in an actor method are split, and the method made async",
            mutation: .splitCriticalSection,
            source: """
                actor Quota {
                    var remaining = 1
                    func take() -> Bool {
                        guard remaining > 0 else { return false }
                        remaining -= 1
                        return true
                    }
                }
                """,
            mutants: [
                """
                actor Quota {
                    var remaining = 1
                    func take() async -> Bool {
                        guard remaining > 0 else { return false }
                        await Task.yield()
                        remaining -= 1
                        return true
                    }
                }
                """
            ]),
        Case(
            name: "an if whose body writes what it checked suspends first; an async function stays as it is",
            mutation: .splitCriticalSection,
            source: """
                func book(_ seat: Int) async {
                    if !taken.contains(seat) {
                        taken.insert(seat)
                    }
                }
                """,
            mutants: [
                """
                func book(_ seat: Int) async {
                    if !taken.contains(seat) {
                        await Task.yield()
                        taken.insert(seat)
                    }
                }
                """
            ]),
        Case(
            name: "a check and an act through an isolated parameter are split: a call on its actor may change it",
            mutation: .splitCriticalSection,
            source: """
                func takeIfAvailable(_ count: Int, from warehouse: isolated Warehouse) -> Bool {
                    guard warehouse.available >= count else { return false }
                    warehouse.take(count)
                    return true
                }
                """,
            mutants: [
                """
                func takeIfAvailable(_ count: Int, from warehouse: isolated Warehouse) async -> Bool {
                    guard warehouse.available >= count else { return false }
                    await Task.yield()
                    warehouse.take(count)
                    return true
                }
                """
            ]),
        Case(
            name: "a value read before an await is used after it",
            mutation: .staleReadAcrossAwait,
            source: """
                actor Counter {
                    var count = 0
                    func add(_ source: Source) async {
                        let extra = await source.next()
                        count += extra
                    }
                }
                """,
            mutants: [
                """
                actor Counter {
                    var count = 0
                    func add(_ source: Source) async {
                        let staleCount = self.count
                        let extra = await source.next()
                        count = staleCount + (extra)
                    }
                }
                """
            ]),
        Case(
            name: "a cancellation check is deleted with its line; a check that is a whole guard or if goes with it; elsewhere isCancelled reads false",
            mutation: .removeCancellationCheck,
            source: """
                func f() async throws {
                    try Task.checkCancellation()
                    if Task.isCancelled { return }
                    guard !Task.isCancelled else { return }
                    if Task.isCancelled && done { return }
                }
                """,
            mutants: [
                """
                func f() async throws {
                    if Task.isCancelled { return }
                    guard !Task.isCancelled else { return }
                    if Task.isCancelled && done { return }
                }
                """,
                """
                func f() async throws {
                    try Task.checkCancellation()
                    guard !Task.isCancelled else { return }
                    if Task.isCancelled && done { return }
                }
                """,
                """
                func f() async throws {
                    try Task.checkCancellation()
                    if Task.isCancelled { return }
                    if Task.isCancelled && done { return }
                }
                """,
                """
                func f() async throws {
                    try Task.checkCancellation()
                    if Task.isCancelled { return }
                    guard !Task.isCancelled else { return }
                    if false && done { return }
                }
                """,
            ]),
        Case(
            name: "an onCancel handler is emptied",
            mutation: .removeCancellationHandler,
            source: """
                let v = await withTaskCancellationHandler {
                    await work()
                } onCancel: {
                    stop()
                }
                """,
            mutants: [
                """
                let v = await withTaskCancellationHandler {
                    await work()
                } onCancel: { }
                """
            ]),
        Case(
            name: "cancelAll and an optional task's cancel are deleted",
            mutation: .removeCancel,
            source: """
                func f() {
                    group.cancelAll()
                    task?.cancel()
                }
                """,
            mutants: [
                """
                func f() {
                    task?.cancel()
                }
                """,
                """
                func f() {
                    group.cancelAll()
                }
                """,
            ]),
        Case(
            name: "async let becomes an unstructured task awaited through its value",
            mutation: .asyncLetToTask,
            source: """
                func f() async throws {
                    async let a = load()
                    let x = try await a
                }
                """,
            mutants: [
                """
                func f() async throws {
                    let a = Task { try await load() }
                    let x = try await a.value
                }
                """
            ]),
        Case(
            name: "a group's addTask becomes Task, its arguments kept",
            mutation: .groupTaskToTask,
            source: """
                await withDiscardingTaskGroup { group in
                    group.addTask(priority: .low) { await work() }
                }
                """,
            mutants: [
                """
                await withDiscardingTaskGroup { group in
                    Task(priority: .low) { await work() }
                }
                """
            ]),
        Case(
            name: "@concurrent is dropped from a function and from a closure's signature",
            mutation: .dropConcurrent,
            source: """
                @concurrent func f() async {}
                let g = { @concurrent in await f() }
                """,
            mutants: [
                """
                func f() async {}
                let g = { @concurrent in await f() }
                """,
                """
                @concurrent func f() async {}
                let g = {  await f() }
                """,
            ]),
        Case(
            name: "a method call in a @concurrent function moves to the main actor",
            mutation: .mainActorRun,
            source: """
                @concurrent func f(_ d: Decoder) async -> Int {
                    let x = d.decode(1)
                    return max(x, 2)
                }
                """,
            mutants: [
                """
                @concurrent func f(_ d: Decoder) async -> Int {
                    let x = await MainActor.run { d.decode(1) }
                    return max(x, 2)
                }
                """
            ]),
        Case(
            name: "weak self becomes unowned, and its optional uses plain",
            mutation: .weakToUnowned,
            source: """
                task = Task { [weak self] in
                    guard let self else { return }
                    self.go()
                    self?.stop()
                }
                """,
            mutants: [
                """
                task = Task { [unowned self] in
                    self.go()
                    self.stop()
                }
                """
            ]),
        Case(
            name: "a throwing call whose value is unused is swallowed",
            mutation: .swallowError,
            source: """
                func f() async throws {
                    try await save()
                    let x = try load()
                }
                """,
            mutants: [
                """
                func f() async throws {
                    _ = try? await save()
                    let x = try load()
                }
                """
            ]),
        Case(
            name: "a catch rethrows every error as a cancellation",
            mutation: .remapError,
            source: """
                do {
                    try f()
                } catch {
                    throw Failure(error)
                }
                """,
            mutants: [
                """
                do {
                    try f()
                } catch {
                    throw CancellationError()
                }
                """
            ]),
        Case(
            name: "a check and an act inside a closure that awaits already are split",
            mutation: .splitCriticalSection,
            source: """
                func refresh() {
                    Task {
                        let list = await load()
                        if shown.isEmpty { shown = list }
                    }
                }
                """,
            mutants: [
                """
                func refresh() {
                    Task {
                        let list = await load()
                        if shown.isEmpty { await Task.yield(); shown = list }
                    }
                }
                """
            ]),
        Case(
            name: "Task.immediate becomes a plain Task",
            mutation: .immediateToTask,
            source: """
                func tap() {
                    Task.immediate { await send() }
                }
                """,
            mutants: [
                """
                func tap() {
                    Task { await send() }
                }
                """
            ]),
        Case(
            name: "an actor's unownedExecutor and an executor's checkIsolated are each forgotten",
            mutation: .dropExecutorWiring,
            source: """
                final class QueueExecutor: SerialExecutor {
                    func enqueue(_ job: consuming ExecutorJob) {}
                    func checkIsolated() {
                        precondition(queue.isCurrent)
                    }
                }
                actor Printer {
                    nonisolated var unownedExecutor: UnownedSerialExecutor {
                        executor.asUnownedSerialExecutor()
                    }
                    func print() {}
                }
                """,
            mutants: [
                """
                final class QueueExecutor: SerialExecutor {
                    func enqueue(_ job: consuming ExecutorJob) {}
                }
                actor Printer {
                    nonisolated var unownedExecutor: UnownedSerialExecutor {
                        executor.asUnownedSerialExecutor()
                    }
                    func print() {}
                }
                """,
                """
                final class QueueExecutor: SerialExecutor {
                    func enqueue(_ job: consuming ExecutorJob) {}
                    func checkIsolated() {
                        precondition(queue.isCurrent)
                    }
                }
                actor Printer {
                    func print() {}
                }
                """,
            ]),
    ]

    static let nonApplyingCases: [Case] = [
        Case(name: "a check in a string literal", mutation: .removeCancellationCheck, source: #"let s = "try Task.checkCancellation()""#, mutants: []),
        Case(
            name: "a check in a comment", mutation: .removeCancellationCheck, source: "// if Task.isCancelled { return }\n/* Task.isCancelled */", mutants: []),
        Case(name: "an interpolation is part of its string", mutation: .removeCancellationCheck, source: #"let s = "\(Task.isCancelled)""#, mutants: []),
        Case(name: "a regex literal", mutation: .dropConcurrent, source: "let r = #/@concurrent/#", mutants: []),
        Case(name: "another type's isCancelled", mutation: .removeCancellationCheck, source: "if task.isCancelled { return }", mutants: []),
        Case(
            name: "a cancel() whose statement does more than cancel", mutation: .removeCancel,
            source: "func f() {\n    let done = task.cancel()\n}", mutants: []),
        Case(name: "async let in a comment", mutation: .asyncLetToTask, source: "// async let a = f()\nlet b = 1", mutants: []),
        Case(
            name: "a synchronous method of a class: made async, its synchronous callers would not compile", mutation: .splitCriticalSection,
            source: "final class Model {\n    var n = 0\n    func take() {\n        guard n > 0 else { return }\n        n -= 1\n    }\n}",
            mutants: []),
        Case(
            name: "a check and an act inside a closure that awaits nothing: it may be synchronous", mutation: .splitCriticalSection,
            source: "func f() async {\n    items.forEach { item in\n        if n > 0 { n -= 1 }\n    }\n}", mutants: []),
        Case(
            name: "a rethrow under typed throws, where a CancellationError does not compile", mutation: .remapError,
            source: "func f() throws(LoadError) {\n    do {\n        try g()\n    } catch {\n        throw .unreadable\n    }\n}", mutants: []),
        Case(
            name: "addTaskUnlessCancelled whose answer is used", mutation: .groupTaskToTask,
            source: "func f() async {\n    await withDiscardingTaskGroup { group in\n        if !group.addTaskUnlessCancelled { work() } { stop() }\n    }\n}",
            mutants: []),
        Case(
            name: "the one addTask of a group that names no child type: the type is inferred from it", mutation: .groupTaskToTask,
            source: "func f() async {\n    await withTaskGroup { group in\n        group.addTask { 1 }\n        for await _ in group {}\n    }\n}",
            mutants: []),
        Case(
            name: "a guard whose act already follows an await", mutation: .splitCriticalSection,
            source: "func f() async {\n    guard n > 0 else { return }\n    await g()\n    n -= 1\n}", mutants: []),
        Case(
            name: "a check of a local the function made", mutation: .splitCriticalSection,
            source: "func f() async {\n    let draft = await make()\n    if draft.title.isEmpty {\n        draft.title = draft.url\n    }\n}",
            mutants: []),
        Case(
            name: "a method call on a parameter that is not isolated", mutation: .splitCriticalSection,
            source: """
                func f(_ warehouse: Warehouse) -> Bool {
                    guard warehouse.available > 0 else { return false }
                    warehouse.take(1)
                    return true
                }
                """,
            mutants: []),
        Case(
            name: "a guard whose names are only read", mutation: .splitCriticalSection,
            source: "func f() -> Int {\n    guard n > 0 else { return 0 }\n    return n\n}", mutants: []),
        Case(
            name: "a nested closure's await is not the method's", mutation: .staleReadAcrossAwait,
            source: "actor A {\n    var n = 0\n    func f() {\n        run { await g() }\n        n += 1\n    }\n}", mutants: []),
        Case(
            name: "a struct's state is nobody else's", mutation: .staleReadAcrossAwait,
            source: "struct S {\n    var n = 0\n    mutating func f() async {\n        await g()\n        n += 1\n    }\n}", mutants: []),
        Case(name: "a try whose value is used", mutation: .swallowError, source: "func f() throws {\n    let x = try g()\n    return try h()\n}", mutants: []),
        Case(name: "try? already", mutation: .swallowError, source: "func f() {\n    try? g()\n}", mutants: []),
        Case(
            name: "a throw outside catch", mutation: .remapError,
            source: "func f() throws {\n    if bad { throw Failure() }\n}", mutants: []),
        Case(
            name: "MainActor.run only in @concurrent or detached code", mutation: .mainActorRun,
            source: "func f(_ d: Decoder) async -> Int {\n    let x = d.decode(1)\n    return x\n}", mutants: []),
        Case(
            name: "an append in a @concurrent function's loop: bookkeeping, not work to move", mutation: .mainActorRun,
            source: """
                @concurrent func f(_ ids: [Int]) async -> [Int] {
                    var found: [Int] = []
                    for id in ids {
                        found.append(id)
                    }
                    return found
                }
                """,
            mutants: []),
        Case(name: "weak outside a capture list", mutation: .weakToUnowned, source: "final class C {\n    weak var delegate: D?\n}", mutants: []),
        Case(
            name: "a closure's awaits do not make the enclosing method's statements stale", mutation: .staleReadAcrossAwait,
            source: "class M {\n    var s = 0\n    func f() {\n        Task { await g() }\n        s = 1\n    }\n}", mutants: []),
    ]

    @Test("An operator applies where its mistake can be made", arguments: applyingCases)
    func applies(_ example: Case) {
        let mutants = Mutator.mutants(of: example.source, file: "F.swift", operators: [example.mutation])
        #expect(mutants.map(\.text) == example.mutants)
        #expect(mutants.allSatisfy { $0.mutation == example.mutation && !$0.description.isEmpty && $0.id.hasPrefix(example.mutation.rawValue + "@F.swift:") })
    }

    @Test("An operator leaves strings, comments, regex literals and other code alone", arguments: nonApplyingCases)
    func doesNotApply(_ example: Case) {
        #expect(Mutator.mutants(of: example.source, file: "F.swift", operators: [example.mutation]).map(\.text) == [])
    }

    @Test("Mutants are deterministic, in operator then line order, with ids that tell same-line mutants apart")
    func stableOrderAndIDs() {
        let source = """
            @concurrent func f() async throws {
                try Task.checkCancellation(); try Task.checkCancellation()
                if Task.isCancelled { return }
            }
            """
        let first = Mutator.mutants(of: source, file: "F.swift")
        #expect(first == Mutator.mutants(of: source, file: "F.swift"))
        #expect(
            first.map(\.id) == [
                "remove-cancellation-check@F.swift:2", "remove-cancellation-check@F.swift:2#2", "remove-cancellation-check@F.swift:3",
                "drop-concurrent@F.swift:1",
            ])
    }

    @Test("Two mutants of one operator on one line get distinct ids")
    func sameLineIDs() {
        let mutants = Mutator.mutants(of: "func f() {\n    a.cancel(); b.cancel()\n}", file: "F.swift", operators: [.removeCancel])
        #expect(mutants.map(\.id) == ["remove-cancel@F.swift:2", "remove-cancel@F.swift:2#2"])
    }

    /// Every operator's place, in one file: each of its prefixes is malformed Swift somewhere.
    static let everything = """
        actor Desk {
            var loans: [String: [String]] = [:]
            var count = 0
            func borrow(_ t: String) async throws {
                guard loans[t, default: []].count < 2 else { throw E.full }
                try Task.checkCancellation()
                if Task.isCancelled { return }
                let x = await other()
                count += x
                do { try await f(); try g() } catch { throw E.wrap(error) }
                async let a = load()
                _ = try await a
                await withTaskGroup(of: Int.self) { group in group.addTask { 1 }; group.cancelAll() }
                task = Task { [weak self] in guard let self else { return }; self?.go() }
                try await withTaskCancellationHandler { await w() } onCancel: { stop() }
                Task.immediate { await w() }
            }
            nonisolated var unownedExecutor: UnownedSerialExecutor { e.asUnownedSerialExecutor() }
            @concurrent func slow(_ d: D) async -> Int { let v = d.decode(1); return v }
            func take() -> Bool {
                guard count > 0 else { return false }
                count -= 1
                return true
            }
        }
        final class Picker {
            let map: SeatMap
            isolated deinit { map.release() }
            func wait(_ ready: Bool) async {
                Task { await w() }
                await withCheckedContinuation { c in if ready { c.resume() } else { c.resume() } }
                let n = counter.add(1, ordering: .relaxed).newValue
                _ = Observations { map.count }
                _ = group.addTaskUnlessCancelled { 1 }
            }
        }
        """

    @Test("Every prefix of a file, however malformed, gives mutants without a crash")
    func malformedPrefixes() {
        let scalars = Array(Self.everything.unicodeScalars)
        for end in 0...scalars.count {
            let prefix = String(String.UnicodeScalarView(scalars[0..<end]))
            for mutant in Mutator.mutants(of: prefix, file: "F.swift") {
                #expect(mutant.text != prefix)
            }
        }
        #expect(Set(Mutator.mutants(of: Self.everything, file: "F.swift").map(\.mutation)) == Set(MutationOperator.allCases))
    }
}
