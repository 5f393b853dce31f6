import Foundation
import Testing

@testable import ActorlingsCore

/// The operators for traps the lessons name where the first operators found no place: a path that
/// never resumes its continuation, a task's work run in place or a clean-up run later, a read
/// the observation cannot see, a cancellation check folded into `addTaskUnlessCancelled`, a
/// stream's clean-up that ignores a cancelled consumer, and an atomic update split in two.
@Suite("Mutation operators for the lessons' traps")
struct MutationLessonTrapTests {
    typealias Case = MutationOperatorTests.Case

    static let applyingCases: [Case] = [
        Case(
            name: "each resume of a switch whose other cases resume is left out, its value kept unused",
            mutation: .skipResume,
            source: """
                func scan() async throws -> String {
                    try await withCheckedThrowingContinuation { continuation in
                        scanner.start { code, error in
                            switch (code, error) {
                            case (let code?, _):
                                continuation.resume(returning: code)
                            case (nil, let error?): continuation.resume(throwing: error)
                            case (nil, nil):
                                continuation.resume()
                            }
                        }
                    }
                }
                """,
            mutants: [
                """
                func scan() async throws -> String {
                    try await withCheckedThrowingContinuation { continuation in
                        scanner.start { code, error in
                            switch (code, error) {
                            case (let code?, _):
                                _ = code
                            case (nil, let error?): continuation.resume(throwing: error)
                            case (nil, nil):
                                continuation.resume()
                            }
                        }
                    }
                }
                """,
                """
                func scan() async throws -> String {
                    try await withCheckedThrowingContinuation { continuation in
                        scanner.start { code, error in
                            switch (code, error) {
                            case (let code?, _):
                                continuation.resume(returning: code)
                            case (nil, let error?): _ = error
                            case (nil, nil):
                                continuation.resume()
                            }
                        }
                    }
                }
                """,
                """
                func scan() async throws -> String {
                    try await withCheckedThrowingContinuation { continuation in
                        scanner.start { code, error in
                            switch (code, error) {
                            case (let code?, _):
                                continuation.resume(returning: code)
                            case (nil, let error?): continuation.resume(throwing: error)
                            case (nil, nil):
                                break
                            }
                        }
                    }
                }
                """,
            ]),
        Case(
            name: "a resume in an if whose else resumes too is left out, its line deleted",
            mutation: .skipResume,
            source: """
                func wait() async {
                    await withCheckedContinuation { c in
                        if ready {
                            c.resume()
                        } else {
                            log()
                            c.resume()
                        }
                    }
                }
                """,
            mutants: [
                """
                func wait() async {
                    await withCheckedContinuation { c in
                        if ready {
                        } else {
                            log()
                            c.resume()
                        }
                    }
                }
                """,
                """
                func wait() async {
                    await withCheckedContinuation { c in
                        if ready {
                            c.resume()
                        } else {
                            log()
                        }
                    }
                }
                """,
            ]),
        Case(
            name: "a bare resume that is all of its case becomes break; the receiver may be an optional chain",
            mutation: .skipResume,
            source: """
                func finish() {
                    switch state {
                    case .done: state.waiter?.resume()
                    default: state.waiter?.resume()
                    }
                }
                """,
            mutants: [
                """
                func finish() {
                    switch state {
                    case .done: break
                    default: state.waiter?.resume()
                    }
                }
                """,
                """
                func finish() {
                    switch state {
                    case .done: state.waiter?.resume()
                    default: break
                    }
                }
                """,
            ]),
        Case(
            name: "a task nobody keeps, in an async function, runs in place",
            mutation: .taskRunInPlace,
            source: """
                func answer(_ fetch: sending @escaping () async throws -> Int) async -> Int {
                    Task { if let fresh = try? await fetch() { await save(fresh) } }
                    Task {
                        await log("answered")
                    }
                    return cached
                }
                """,
            mutants: [
                """
                func answer(_ fetch: sending @escaping () async throws -> Int) async -> Int {
                    if let fresh = try? await fetch() { await save(fresh) }
                    Task {
                        await log("answered")
                    }
                    return cached
                }
                """,
                """
                func answer(_ fetch: sending @escaping () async throws -> Int) async -> Int {
                    Task { if let fresh = try? await fetch() { await save(fresh) } }
                    await log("answered")
                    return cached
                }
                """,
            ]),
        Case(
            name: "a task in a generic function, in an if-let of two conditions or a for loop: they are not closures",
            mutation: .taskRunInPlace,
            source: """
                func execute<Value: Sendable, Failure: Error>(_ fetch: () async throws(Failure) -> Value) async throws(Failure) -> Value {
                    if let cached = await read(), ready {
                        Task { await refresh() }
                        return cached
                    }
                    for stop in stops {
                        Task { await refresh(stop) }
                    }
                    return try await fetch()
                }
                """,
            mutants: [
                """
                func execute<Value: Sendable, Failure: Error>(_ fetch: () async throws(Failure) -> Value) async throws(Failure) -> Value {
                    if let cached = await read(), ready {
                        await refresh()
                        return cached
                    }
                    for stop in stops {
                        Task { await refresh(stop) }
                    }
                    return try await fetch()
                }
                """,
                """
                func execute<Value: Sendable, Failure: Error>(_ fetch: () async throws(Failure) -> Value) async throws(Failure) -> Value {
                    if let cached = await read(), ready {
                        Task { await refresh() }
                        return cached
                    }
                    for stop in stops {
                        await refresh(stop)
                    }
                    return try await fetch()
                }
                """,
            ]),
        Case(
            name: "what Observations and withObservationTracking read is read once, before them",
            mutation: .untrackedRead,
            source: """
                func lines(for match: Match) -> some AsyncSequence<String, Never> {
                    Observations { scoreLine(of: match) }
                }
                func draw(_ model: Model) -> String {
                    withObservationTracking({ return "\\(model.count) items" }, onChange: { redraw() })
                }
                """,
            mutants: [
                """
                func lines(for match: Match) -> some AsyncSequence<String, Never> {
                    Observations { [untracked = scoreLine(of: match)] in untracked }
                }
                func draw(_ model: Model) -> String {
                    withObservationTracking({ return "\\(model.count) items" }, onChange: { redraw() })
                }
                """,
                """
                func lines(for match: Match) -> some AsyncSequence<String, Never> {
                    Observations { scoreLine(of: match) }
                }
                func draw(_ model: Model) -> String {
                    withObservationTracking({ [untracked = "\\(model.count) items"] in untracked }, onChange: { redraw() })
                }
                """,
            ]),
        Case(
            name: "an isolated deinit's clean-up goes to a task that captures the state it uses",
            mutation: .deinitWorkToTask,
            source: """
                final class Picker {
                    private let seatMap: SeatMap
                    private(set) var chosen: Set<String> = []
                    isolated deinit {
                        seatMap.release(chosen)
                    }
                }
                """,
            mutants: [
                """
                final class Picker {
                    private let seatMap: SeatMap
                    private(set) var chosen: Set<String> = []
                    isolated deinit {
                        Task { [seatMap, chosen] in
                        seatMap.release(chosen)
                        }
                    }
                }
                """
            ]),
        Case(
            name: "addTaskUnlessCancelled becomes addTask; where its answer is used, the answer is true",
            mutation: .removeCancellationCheck,
            source: """
                func export() async {
                    await withTaskGroup(of: Bool.self) { group in
                        for await track in tracks {
                            let added = group.addTaskUnlessCancelled { await encode(track) }
                            guard added else { break }
                        }
                        group.addTaskUnlessCancelled(priority: .low) { false }
                    }
                }
                """,
            mutants: [
                """
                func export() async {
                    await withTaskGroup(of: Bool.self) { group in
                        for await track in tracks {
                            let added = (group.addTask { await encode(track) }, true).1
                            guard added else { break }
                        }
                        group.addTaskUnlessCancelled(priority: .low) { false }
                    }
                }
                """,
                """
                func export() async {
                    await withTaskGroup(of: Bool.self) { group in
                        for await track in tracks {
                            let added = group.addTaskUnlessCancelled { await encode(track) }
                            guard added else { break }
                        }
                        group.addTask(priority: .low) { false }
                    }
                }
                """,
            ]),
        Case(
            name: "an atomic's update is split into a load and a store with the next statement between them",
            mutation: .splitCriticalSection,
            source: """
                final class Tracker: Sendable {
                    let session: Int
                    private let last = Atomic<Int>(0)
                    init(clock: () -> Double) {
                        session = Self.started.add(1, ordering: .relaxed).newValue
                        startedAt = clock()
                    }
                    func track() -> Int {
                        let old = last.wrappingAdd(2, ordering: .relaxed).oldValue
                        last.subtract(1, ordering: .relaxed)
                        log(old)
                        return last.add(1, ordering: .relaxed).newValue
                    }
                }
                """,
            mutants: [
                """
                final class Tracker: Sendable {
                    let session: Int
                    private let last = Atomic<Int>(0)
                    init(clock: () -> Double) {
                        session = Self.started.load(ordering: .sequentiallyConsistent) + (1)
                        startedAt = clock()
                        Self.started.store(session, ordering: .sequentiallyConsistent)
                    }
                    func track() -> Int {
                        let old = last.wrappingAdd(2, ordering: .relaxed).oldValue
                        last.subtract(1, ordering: .relaxed)
                        log(old)
                        return last.add(1, ordering: .relaxed).newValue
                    }
                }
                """,
                """
                final class Tracker: Sendable {
                    let session: Int
                    private let last = Atomic<Int>(0)
                    init(clock: () -> Double) {
                        session = Self.started.add(1, ordering: .relaxed).newValue
                        startedAt = clock()
                    }
                    func track() -> Int {
                        let old = last.load(ordering: .sequentiallyConsistent)
                        last.subtract(1, ordering: .relaxed)
                        last.store(old &+ (2), ordering: .sequentiallyConsistent)
                        log(old)
                        return last.add(1, ordering: .relaxed).newValue
                    }
                }
                """,
                """
                final class Tracker: Sendable {
                    let session: Int
                    private let last = Atomic<Int>(0)
                    init(clock: () -> Double) {
                        session = Self.started.add(1, ordering: .relaxed).newValue
                        startedAt = clock()
                    }
                    func track() -> Int {
                        let old = last.wrappingAdd(2, ordering: .relaxed).oldValue
                        let splitValue = last.load(ordering: .sequentiallyConsistent)
                        log(old)
                        last.store(splitValue - (1), ordering: .sequentiallyConsistent)
                        return last.add(1, ordering: .relaxed).newValue
                    }
                }
                """,
            ]),
        Case(
            name: "a stream's onTermination cleans up only when the stream finishes, not when its consumer cancels",
            mutation: .removeCancellationHandler,
            source: """
                func distances() -> AsyncStream<Int> {
                    AsyncStream { continuation in
                        let token = tracker.track { continuation.yield($0) }
                        continuation.onTermination = { _ in
                            tracker.stop(token)
                        }
                    }
                }
                func lines() -> AsyncStream<String> {
                    AsyncStream { c in c.onTermination = { reason in log(reason) } }
                }
                """,
            mutants: [
                """
                func distances() -> AsyncStream<Int> {
                    AsyncStream { continuation in
                        let token = tracker.track { continuation.yield($0) }
                        continuation.onTermination = { termination in
                            guard case .finished = termination else { return }
                            tracker.stop(token)
                        }
                    }
                }
                func lines() -> AsyncStream<String> {
                    AsyncStream { c in c.onTermination = { reason in log(reason) } }
                }
                """,
                """
                func distances() -> AsyncStream<Int> {
                    AsyncStream { continuation in
                        let token = tracker.track { continuation.yield($0) }
                        continuation.onTermination = { _ in
                            tracker.stop(token)
                        }
                    }
                }
                func lines() -> AsyncStream<String> {
                    AsyncStream { c in c.onTermination = { reason in guard case .finished = reason else { return }; log(reason) } }
                }
                """,
            ]),
        Case(
            name: "weak self becomes a strong capture, and its optional uses plain, in nested closures too",
            mutation: .weakToStrong,
            source: """
                func follow() {
                    listener = sdk.addListener { [weak self] reading in
                        guard let self else { return }
                        Task { @MainActor in self?.show(reading) }
                    }
                }
                """,
            mutants: [
                """
                func follow() {
                    listener = sdk.addListener { [self] reading in
                        Task { @MainActor in self.show(reading) }
                    }
                }
                """
            ]),
    ]

    static let nonApplyingCases: [Case] = [
        Case(
            name: "a resume with no other path beside it: a callback that always resumes", mutation: .skipResume,
            source: "func f() async throws -> Int {\n    try await withCheckedThrowingContinuation { c in\n        load { c.resume(with: $0) }\n    }\n}",
            mutants: []),
        Case(
            name: "an if whose else does not resume: that path hands the continuation on", mutation: .skipResume,
            source: "func f() {\n    if let early { c.resume(with: early) } else { started.yield() }\n}", mutants: []),
        Case(
            name: "a bare resume followed by more of its case, where break would leave code unreachable", mutation: .skipResume,
            source: "func f() {\n    switch s {\n    case .a:\n        c.resume()\n        log()\n    default:\n        c.resume()\n        log()\n    }\n}",
            mutants: []),
        Case(
            name: "a task in a synchronous function: the caller cannot await its work", mutation: .taskRunInPlace,
            source: "func tap() {\n    Task { await send() }\n}", mutants: []),
        Case(
            name: "a task that is kept, or whose body throws or returns", mutation: .taskRunInPlace,
            source: "func f() async throws {\n    task = Task { await g() }\n    Task { try await g() }\n    Task { return await g() }\n}", mutants: []),
        Case(
            name: "a task with a capture list or an isolation of its own", mutation: .taskRunInPlace,
            source: "func f() async {\n    Task { [weak self] in await self?.g() }\n    Task { @MainActor in await g() }\n}", mutants: []),
        Case(
            name: "a task that awaits nothing: there is nothing to wait for", mutation: .taskRunInPlace,
            source: "func f() async {\n    Task { g() }\n}", mutants: []),
        Case(
            name: "an observation closure of several statements, or one that awaits", mutation: .untrackedRead,
            source: "func f() {\n    _ = Observations {\n        let a = m.a\n        return a + m.b\n    }\n    _ = Observations { await m.load() }\n}",
            mutants: []),
        Case(
            name: "a plain deinit: it is not the actor's, and cancelling a task needs none", mutation: .deinitWorkToTask,
            source: "final class C {\n    var task: Task<Void, Never>?\n    deinit {\n        task?.cancel()\n    }\n}", mutants: []),
        Case(
            name: "an isolated deinit that uses self or calls its own methods: a task would keep the object alive", mutation: .deinitWorkToTask,
            source: """
                final class C {
                    func stop() {}
                    isolated deinit {
                        stop()
                    }
                }
                final class D {
                    isolated deinit {
                        Center.shared.remove(self)
                    }
                }
                """,
            mutants: []),
        Case(
            name: "weak outside a capture list: a property, not a capture", mutation: .weakToStrong,
            source: "final class C {\n    weak var delegate: D?\n}", mutants: []),
        Case(
            name: "an add that is no atomic's: no ordering", mutation: .splitCriticalSection,
            source: "func f() async {\n    await queue.add(page)\n    set.add(1)\n}", mutants: []),
        Case(
            name: "an atomic add whose answer is used in a larger expression", mutation: .splitCriticalSection,
            source: "func f() -> Int {\n    let n = 2 * counter.add(1, ordering: .relaxed).newValue\n    return n\n}", mutants: []),
        Case(
            name: "an atomic add right before a return: its store could only come right after its load", mutation: .splitCriticalSection,
            source: "func next() -> Int {\n    let n = counter.add(1, ordering: .relaxed).newValue\n    return n\n}", mutants: []),
    ]

    @Test("An operator applies where its trap can be set", arguments: applyingCases)
    func applies(_ example: Case) {
        let mutants = Mutator.mutants(of: example.source, file: "F.swift", operators: [example.mutation])
        #expect(mutants.map(\.text) == example.mutants)
        #expect(mutants.allSatisfy { $0.mutation == example.mutation && !$0.description.isEmpty && $0.id.hasPrefix(example.mutation.rawValue + "@F.swift:") })
    }

    @Test("An operator leaves alone the places where its mutant would not compile or would change nothing", arguments: nonApplyingCases)
    func doesNotApply(_ example: Case) {
        #expect(Mutator.mutants(of: example.source, file: "F.swift", operators: [example.mutation]).map(\.text) == [])
    }

    @Test("Every operator has its row in CourseFormat.md's table, where authors look up a mutant's name")
    func everyOperatorIsDocumented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let format = try String(contentsOf: root.appendingPathComponent("Documentation/CourseFormat.md"), encoding: .utf8)
        let rows = Set(format.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) })
        let missing = MutationOperator.allCases.map(\.rawValue).filter { !rows.contains($0) }
        #expect(missing.isEmpty, "no row in Documentation/CourseFormat.md for \(missing)")
    }
}
