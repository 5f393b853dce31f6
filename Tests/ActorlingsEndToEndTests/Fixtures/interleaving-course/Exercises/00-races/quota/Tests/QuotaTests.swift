import Foundation
import InterleavingHarness
import Testing

@testable import Quota

/// A log that notes each line in the trace of a failing schedule.
struct TraceLog: RequestLog {
    func record(_ line: String) async {
        Interleavings.note(line)
    }
}

/// Two tasks request from a quota of one, in 100 seeded orders: at most one gets it.
@Test func theQuotaHoldsInEveryOrder() async {
    await Interleavings.explore(schedules: 100) {
        let quota = Quota(limit: 1)
        let granted = Granted()
        let ask: @Sendable () async throws -> Void = {
            if await request(from: quota, log: TraceLog()) {
                Interleavings.note("took one")
                await granted.add()
            }
        }
        try await Interleavings.concurrently([("A", ask), ("B", ask)])
        let count = await granted.count
        try Interleavings.check(count <= 1, "\(count) requests over a quota of 1")
    }
}

actor Granted {
    private(set) var count = 0
    func add() { count += 1 }
}

/// The harness's own toy: read in one visit, written in the next. Independent of the learner's code.
actor Toy {
    var value = 0
    /// Steps of ``incrementTakingAWhile()`` that ran on another thread than the one it started on.
    var stepsAway = 0
    func read() -> Int { value }
    func write(_ new: Int) { value = new }
}

private func racyIncrements() async -> [Interleavings.Run] {
    await Interleavings.run(seeds: Array(1...50)) {
        let toy = Toy()
        let increment: @Sendable () async throws -> Void = {
            let seen = await toy.read()
            Interleavings.note("read \(seen)")
            await toy.write(seen + 1)
            Interleavings.note("wrote \(seen + 1)")
        }
        try await Interleavings.concurrently([("A", increment), ("B", increment), ("C", increment)])
        let value = await toy.value
        try Interleavings.check(value == 3, "three increments left \(value)")
    }
}

/// A lost update among three tasks is found within 50 schedules.
@Test func aKnownRaceIsFoundWithinFiftySchedules() async {
    let runs = await racyIncrements()
    #expect(runs.last?.failure != nil, "no schedule of 50 lost an update")
}

/// The same seeds give the same schedules, traces and verdicts, run after run.
@Test func theSameSeedGivesTheSameTrace() async {
    let first = await racyIncrements()
    let second = await racyIncrements()
    #expect(first.map(\.seed) == second.map(\.seed))
    #expect(first.map(\.trace) == second.map(\.trace))
    #expect(first.map(\.failure) == second.map(\.failure))
}

/// Each strategy (random, priorities of depth 2 and 3) comes from the seed alone.
@Test(arguments: [(UInt64(3), Strategy.random), (4, .priorities(depth: 2)), (5, .priorities(depth: 3))])
func theSeedChoosesTheStrategy(seed: UInt64, strategy: Strategy) {
    #expect(Strategy(seed: seed) == strategy)
}

/// The same lost update, each increment in a `Task {}` of its own: tasks a schedule starts join it.
private func racyUnstructuredIncrements() async -> [Interleavings.Run] {
    await Interleavings.run(seeds: Array(1...50)) {
        let toy = Toy()
        let increment: @Sendable () async throws -> Void = {
            await Task {
                let seen = await toy.read()
                Interleavings.note("read \(seen)")
                await toy.write(seen + 1)
                Interleavings.note("wrote \(seen + 1)")
            }.value
        }
        try await Interleavings.concurrently([("A", increment), ("B", increment), ("C", increment)])
        let value = await toy.value
        try Interleavings.check(value == 3, "three increments left \(value)")
    }
}

/// Unstructured tasks run under the seed's schedule: the race is found, with the same trace twice.
@Test func unstructuredTasksJoinTheSchedule() async {
    let first = await racyUnstructuredIncrements()
    let second = await racyUnstructuredIncrements()
    #expect(first.last?.failure != nil, "no schedule of 50 lost an update")
    #expect(first.map(\.trace) == second.map(\.trace))
}

@MainActor final class Gauge {
    var reading = 0
}

/// Two visits to an actor with a main-actor step between them: the other task's step comes in
/// between only when the main actor's turns are choices of the schedule.
private func splitByTheMainActor() async -> [Interleavings.Run] {
    await Interleavings.run(seeds: Array(1...50), schedulesMainActor: true) {
        let toy = Toy()
        let gauge = Gauge()
        try await Interleavings.concurrently([
            (
                "reader",
                {
                    let seen = await toy.read()
                    await MainActor.run { gauge.reading = seen }
                    let again = await toy.read()
                    Interleavings.note("read \(seen), then \(again)")
                    try Interleavings.check(seen == again, "the value changed between two visits")
                }
            ),
            ("writer", { await toy.write(1) }),
        ])
    }
}

/// The main actor's turns are choices: an interleaving at a main-actor hop is found, the same way twice.
@Test func mainActorTurnsAreChosen() async {
    let first = await splitByTheMainActor()
    let second = await splitByTheMainActor()
    #expect(first.last?.failure != nil, "no schedule of 50 put the writer between the two visits")
    #expect(first.map(\.trace) == second.map(\.trace))
}

/// The lost update again, each increment in a `Task {}` the toy starts on its own actor, which
/// pauses between its read and its write as a fake "taking a while" does: the pause must come
/// back through the schedule, not through the machine's thread pool.
private func racyPausingIncrements() async -> [Interleavings.Run] {
    await Interleavings.run(seeds: Array(1...60)) {
        let toy = Toy()
        let increment: @Sendable () async throws -> Void = { await toy.incrementTakingAWhile().value }
        try await Interleavings.concurrently([("A", increment), ("B", increment), ("C", increment)])
        let value = await toy.value
        try Interleavings.check(value == 3, "three increments left \(value)")
    }
}

extension Toy {
    /// Starts an increment, isolated to the toy, that takes a while between its read and its write,
    /// and counts the steps it takes on another thread than the one it started on.
    func incrementTakingAWhile() -> Task<Void, Never> {
        Task {
            let home = threadNumber()
            let seen = value
            Interleavings.note("read \(seen)")
            await Interleavings.pause()
            Interleavings.note("took a while")
            if threadNumber() != home { stepsAway += 1 }
            await Interleavings.pause()
            if threadNumber() != home { stepsAway += 1 }
            value = seen + 1
            Interleavings.note("wrote \(seen + 1)")
        }
    }
}

/// The thread the calling code runs on: every job of one schedule runs on the schedule's own.
nonisolated func threadNumber() -> ObjectIdentifier {
    ObjectIdentifier(Thread.current)
}

/// Every step of a task a schedule started comes back on the schedule's thread after a pause, so
/// the seed alone orders it (a pause that came back through the machine's thread pool would let
/// the pool's timing choose the order).
@Test func aPauseInATaskTheScheduleStartedStaysOnTheSchedule() async {
    let runs = await Interleavings.run(seeds: Array(1...10)) {
        let toy = Toy()
        try await Interleavings.concurrently([("A", { await toy.incrementTakingAWhile().value }), ("B", { await toy.incrementTakingAWhile().value })])
        let away = await toy.stepsAway
        try Interleavings.check(away == 0, "\(away) steps ran off the schedule's thread")
    }
    #expect(runs.allSatisfy { $0.failure?.contains("off the schedule's thread") != true }, "\(runs.compactMap(\.failure))")
}

/// Two explorations at once in one process (Swift Testing runs tests in parallel) each give the
/// traces and verdicts they give alone: nothing of one schedule runs off its thread or in the other.
@Test func explorationsAtTheSameTimeGiveTheTracesOfEachAlone() async {
    let alone = await racyPausingIncrements()
    async let first = racyPausingIncrements()
    async let second = racyPausingIncrements()
    for (name, runs) in await [("first", first), ("second", second)] {
        #expect(runs.map(\.seed) == alone.map(\.seed), "the \(name) of two at once stopped at another seed")
        let differing = zip(alone, runs).first { $0.trace != $1.trace || $0.failure != $1.failure }
        #expect(
            differing == nil,
            "seed \(differing?.0.seed ?? 0) gave another schedule in the \(name) of two explorations at once than alone: \(differing.map { "\(rendered($0.0)) ≠ \(rendered($0.1))" } ?? "")"
        )
    }
}

private func rendered(_ run: Interleavings.Run) -> String {
    run.trace.rendered(outcome: run.failure ?? "passed", seed: run.seed)
}

/// A main-actor model that starts its work in a `Task {}` of its own, as an app's model does,
/// and does the slow part off the main actor in a `@concurrent` call.
@MainActor final class Refresher {
    func refresh(_ toy: Toy, home: ObjectIdentifier) -> Task<Void, Never> {
        Task { await Self.increment(toy, home: home) }
    }

    /// Increments in two visits, and counts each time it started on another thread than `home`.
    @concurrent private static func increment(_ toy: Toy, home: ObjectIdentifier) async {
        if threadNumber() != home { await toy.stepAway() }
        let seen = await toy.read()
        Interleavings.note("read \(seen)")
        await toy.write(seen + 1)
        Interleavings.note("wrote \(seen + 1)")
    }
}

extension Toy {
    func stepAway() { stepsAway += 1 }
}

/// Two refreshes started by the main-actor model, with the main actor's turns chosen.
private func refreshesFromTheMainActor() async -> [Interleavings.Run] {
    await Interleavings.run(seeds: Array(1...20), schedulesMainActor: true) {
        let toy = Toy()
        let home = threadNumber()
        let refresher = Refresher()
        let refresh: @Sendable () async throws -> Void = { await refresher.refresh(toy, home: home).value }
        try await Interleavings.concurrently([("A", refresh), ("B", refresh)])
        let away = await toy.stepsAway
        try Interleavings.check(away == 0, "\(away) @concurrent calls of a main-actor task ran off the schedule's thread")
    }
}

/// A `@concurrent` call of a task that main-actor code started is enqueued from the main queue's
/// thread: it runs on the schedule's thread all the same, and the same seeds give the same traces.
@Test func aMainActorTasksConcurrentCallStaysOnTheSchedule() async {
    let first = await refreshesFromTheMainActor()
    let second = await refreshesFromTheMainActor()
    #expect(first.allSatisfy { $0.failure?.contains("off the schedule's thread") != true }, "\(first.compactMap(\.failure))")
    #expect(first.map(\.trace) == second.map(\.trace))
    #expect(first.map(\.failure) == second.map(\.failure))
}

/// How a test's task can get a priority other than the schedule's: each must still run on the
/// schedule, in the same order for the same seed.
enum OwnPriority: String, CaseIterable, Sendable {
    case unstructured = "Task(priority: .high)"
    case detached = "Task.detached(priority: .high)"
    case groupChild = "a group child with a priority"
    case escalated = "a low-priority task awaited from a high-priority one"
    case continuation = "a continuation resumed by another task of the schedule"

    /// Increments the toy in two visits, in work started this way.
    func increment(_ toy: Toy) async {
        let work: @Sendable () async -> Void = {
            let seen = await toy.read()
            Interleavings.note("read \(seen)")
            await toy.write(seen + 1)
            Interleavings.note("wrote \(seen + 1)")
        }
        switch self {
        case .unstructured: await Task(priority: .high) { await work() }.value
        case .detached: await Task.detached(priority: .high) { await work() }.value
        case .groupChild: await withTaskGroup(of: Void.self) { $0.addTask(priority: .high) { await work() } }
        case .escalated:
            let low = Task(priority: .low) { await work() }
            await Task(priority: .high) { await low.value }.value
        case .continuation:
            let seen = await toy.read()
            Interleavings.note("read \(seen)")
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in Task { resumed.resume() } }
            await toy.write(seen + 1)
            Interleavings.note("wrote \(seen + 1)")
        }
    }
}

private func racyIncrements(_ way: OwnPriority) async -> [Interleavings.Run] {
    await Interleavings.run(seeds: Array(1...20)) {
        let toy = Toy()
        try await Interleavings.concurrently([("A", { await way.increment(toy) }), ("B", { await way.increment(toy) })])
        let value = await toy.value
        try Interleavings.check(value == 2, "two increments left \(value)")
    }
}

/// Work with a priority of its own, or raised while it waits, runs on the schedule: three
/// explorations with the same seeds give the same traces and verdicts, and none lost control.
@Test(arguments: OwnPriority.allCases)
func workWithAPriorityOfItsOwnStaysOnTheSchedule(way: OwnPriority) async {
    let first = await racyIncrements(way)
    for _ in 0..<2 {
        let again = await racyIncrements(way)
        #expect(again.map(\.trace) == first.map(\.trace), "\(way.rawValue): the same seeds gave other traces")
        #expect(again.map(\.failure) == first.map(\.failure))
    }
    #expect(first.allSatisfy { $0.outside == nil }, "\(way.rawValue): \(first.compactMap(\.outside))")
}

/// A main-actor model whose task has a priority of its own: its `@concurrent` call leaves the
/// main queue at that priority, so the harness can't tell it from another test's work.
@MainActor final class HastyRefresher {
    func refresh(_ toy: Toy, home: ObjectIdentifier) -> Task<Void, Never> {
        Task(priority: .high) { await Self.increment(toy, home: home) }
    }

    @concurrent private static func increment(_ toy: Toy, home: ObjectIdentifier) async {
        if threadNumber() != home { await toy.stepAway() }
        let seen = await toy.read()
        Interleavings.note("read \(seen)")
        await toy.write(seen + 1)
        Interleavings.note("wrote \(seen + 1)")
    }
}

/// That call runs on the machine's thread pool, and its steps are noted there: every exploration
/// says the schedule lost control, at the same seed, instead of a verdict that timing chose.
@Test func aMainActorTaskWithAPriorityOfItsOwnIsFlagged() async {
    var seeds: [UInt64] = []
    for _ in 0..<3 {
        let runs = await Interleavings.run(seeds: Array(1...10), schedulesMainActor: true) {
            let toy = Toy()
            let home = threadNumber()
            let refresher = HastyRefresher()
            let refresh: @Sendable () async throws -> Void = { await refresher.refresh(toy, home: home).value }
            try await Interleavings.concurrently([("A", refresh), ("B", refresh)])
            let away = await toy.stepsAway
            try Interleavings.check(away == 0, "\(away) @concurrent calls ran off the schedule's thread")
        }
        #expect(runs.last?.outside != nil, "\(runs.compactMap(\.failure))")
        #expect(runs.last?.failure?.contains("the schedule does not control") == true)
        seeds.append(runs.last?.seed ?? 0)
    }
    #expect(Set(seeds).count == 1, "flagged at seeds \(seeds)")
}

/// Two refreshes started by the main-actor model, with the main actor settled after each job.
private func settledRefreshes() async -> [Interleavings.Run] {
    await Interleavings.run(seeds: Array(1...20), settlesMainActor: true) {
        let toy = Toy()
        let home = threadNumber()
        let refresher = Refresher()
        let refresh: @Sendable () async throws -> Void = { await refresher.refresh(toy, home: home).value }
        try await Interleavings.concurrently([("A", refresh), ("B", refresh)])
        let away = await toy.stepsAway
        try Interleavings.check(away == 0, "\(away) @concurrent calls of a main-actor task ran off the schedule's thread")
    }
}

/// With the main actor settled, a main-actor task's `@concurrent` call runs on the schedule too,
/// and two explorations at once (both waiting on the main queue) give the traces of one alone.
@Test func aSettledMainActorTasksConcurrentCallStaysOnTheSchedule() async {
    let alone = await settledRefreshes()
    async let first = settledRefreshes()
    async let second = settledRefreshes()
    for runs in await [first, second] + [alone] {
        #expect(runs.allSatisfy { $0.failure == nil }, "\(runs.compactMap(\.failure))")
        #expect(runs.map(\.trace) == alone.map(\.trace))
    }
}

extension Toy {
    /// Starts an increment, isolated to the toy, that waits with a bare `Task.yield()` between its
    /// read and its write, as a learner's answer might: the task has no executor preference.
    func incrementYieldingBare(home: ObjectIdentifier) -> Task<Void, Never> {
        Task {
            let seen = value
            await Task.yield()
            if threadNumber() != home { stepsAway += 1 }
            value = seen + 1
        }
    }
}

/// The runtime sends a bare `Task.yield()` in a task with no executor preference to Dispatch,
/// past every hook, in most explorations: a schedule where a step then ran off its thread never
/// gives a verdict of its own, it says that it lost control.
@Test func aBareYieldThatLeavesTheScheduleIsFlagged() async {
    for _ in 0..<3 {
        let runs = await Interleavings.run(seeds: Array(1...10)) {
            let toy = Toy()
            let home = threadNumber()
            try await Interleavings.concurrently([
                ("A", { await toy.incrementYieldingBare(home: home).value }), ("B", { await toy.incrementYieldingBare(home: home).value }),
            ])
            let away = await toy.stepsAway
            try Interleavings.check(away == 0, "\(away) steps ran off the schedule's thread")
        }
        let unflagged = runs.filter { $0.outside == nil && $0.failure?.contains("off the schedule's thread") == true }
        #expect(unflagged.isEmpty, "a schedule lost control and gave a verdict: seeds \(unflagged.map(\.seed))")
    }
}

/// Two increments with a sleep between the read and the write, in seeds 1–20.
private func sleepingIncrements() async -> [Interleavings.Run] {
    await Interleavings.run(seeds: Array(1...20)) {
        let toy = Toy()
        let increment: @Sendable () async throws -> Void = {
            let seen = await toy.read()
            Interleavings.note("read \(seen)")
            try await Task.sleep(for: .milliseconds(10))
            await toy.write(seen + 1)
            Interleavings.note("wrote \(seen + 1)")
        }
        try await Interleavings.concurrently([("A", increment), ("B", increment)])
        let value = await toy.value
        try Interleavings.check(value == 2, "two increments left \(value)")
    }
}

/// A sleep is a step the schedule chooses, not the clock: the lost update across it is found,
/// with the sleep's end in the trace, the same way on every run, and no run lost control.
@Test func aSleepIsAStepTheScheduleChooses() async {
    let first = await sleepingIncrements()
    let second = await sleepingIncrements()
    #expect(first.last?.failure?.contains("two increments left 1") == true, "\(first.map { "\($0.seed): \($0.failure ?? "passed")" })")
    #expect(first.allSatisfy { $0.outside == nil }, "\(first.compactMap(\.outside))")
    #expect(first.last?.trace.steps.contains { $0.text == "sleep ends" } == true, "\(first.last.map(rendered) ?? "")")
    #expect(first.map(\.trace) == second.map(\.trace), "two runs of the same seeds, two schedules")
}

/// Waiting "long enough" for another task is no wait: a sleep may end before the other task is
/// done, as it can in a real run on a busy machine, and a schedule finds that order.
@Test func aSleepThatWaitsForAnotherTaskIsFoundOut() async {
    let runs = await Interleavings.run(seeds: Array(1...30)) {
        let toy = Toy()
        let write: @Sendable () async throws -> Void = {
            await Interleavings.pause()
            await toy.write(1)
            Interleavings.note("wrote 1")
        }
        let read: @Sendable () async throws -> Void = {
            try await Task.sleep(for: .seconds(1))
            let seen = await toy.read()
            Interleavings.note("read \(seen)")
            try Interleavings.check(seen == 1, "read \(seen) before the write")
        }
        try await Interleavings.concurrently([("writer", write), ("reader", read)])
    }
    #expect(runs.last?.failure == "read 0 before the write", "\(runs.map { "\($0.seed): \($0.failure ?? "passed")" })")
}

/// Sleeps end in the order of their deadlines: a 10 ms sleep that starts while a 1 s one is under
/// way ends first, whatever the seed; one that starts after the other ended ends after it.
@Test func sleepsEndInTheOrderOfTheirDeadlines() async {
    let runs = await Interleavings.run(seeds: Array(1...30)) {
        let longStarted = Moment("the long sleep's start")
        let long: @Sendable () async throws -> Void = {
            longStarted.come()
            try await Task.sleep(for: .seconds(1))
        }
        let short: @Sendable () async throws -> Void = {
            try await longStarted.wait()
            Interleavings.note("sleeps")
            try await Task.sleep(for: .milliseconds(10))
        }
        try await Interleavings.concurrently([("long", long), ("short", short)])
    }
    #expect(runs.count == 30 && runs.allSatisfy { $0.failure == nil }, "\(runs.compactMap(\.failure))")
    var overlapping = 0
    for run in runs {
        let steps = run.trace.steps.map { "\($0.task): \($0.text)" }
        guard let shortStarts = steps.firstIndex(of: "short: sleeps"), let longEnds = steps.firstIndex(of: "long: sleep ends"),
            let shortEnds = steps.firstIndex(of: "short: sleep ends")
        else {
            Issue.record("seed \(run.seed): a sleep's steps are missing: \(rendered(run))")
            continue
        }
        #expect((shortStarts < longEnds) == (shortEnds < longEnds), "seed \(run.seed): \(rendered(run))")
        if shortStarts < longEnds { overlapping += 1 }
    }
    #expect(overlapping > 0 && overlapping < runs.count, "in \(overlapping) of \(runs.count) seeds the sleeps overlapped: both orders should occur")
}

/// Deadlines closer than the harness's margin (50 ms) are not ordered: a sleep's length is measured
/// again as it reaches the schedule, and on a loaded machine the thread can be held up for
/// milliseconds in between. A 10 ms and a 20 ms sleep that start together end in either order.
@Test func sleepsWithCloseDeadlinesEndInEitherOrder() async {
    let runs = await Interleavings.run(seeds: Array(1...30)) {
        let nap: (Duration) -> @Sendable () async throws -> Void = { length in { try await Task.sleep(for: length) } }
        try await Interleavings.concurrently([("twenty", nap(.milliseconds(20))), ("ten", nap(.milliseconds(10)))])
    }
    #expect(runs.count == 30 && runs.allSatisfy { $0.failure == nil }, "\(runs.compactMap(\.failure))")
    let firsts = Set(runs.compactMap { run in run.trace.steps.first { $0.text == "sleep ends" }?.task })
    #expect(firsts == ["ten", "twenty"], "\(runs.map(rendered))")
}

/// A sleep that another task cancels ends at once, and the schedule never waits its minute out;
/// in some orders the minute is up first, as it can be in a real run. Neither is work the schedule
/// lost control of.
@Test func aCancelledSleepEndsWithoutTheMinute() async {
    let runs = await Interleavings.run(seeds: Array(1...10)) {
        let asleep = Moment("the sleep's start")
        let slept = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                asleep.come()
                do {
                    try await Task.sleep(for: .seconds(60))
                    return true
                } catch {
                    return false
                }
            }
            try await asleep.wait()
            group.cancelAll()
            return try await group.next() ?? false
        }
        Interleavings.note(slept ? "the minute was up" : "the sleep was cancelled")
    }
    #expect(runs.count == 10 && runs.allSatisfy { $0.failure == nil }, "\(runs.compactMap(\.failure))")
    let endings = ["the minute was up", "the sleep was cancelled"]
    #expect(Set(runs.compactMap { $0.trace.steps.first { endings.contains($0.text) }?.text }) == Set(endings), "\(runs.map(rendered))")
    // A sleep cancelled while it lasts did not end: no step says it did. (One whose time was up
    // first ends, and `Task.sleep` still throws if the cancellation comes before its task goes on.)
    let cancelledWhileAsleep = runs.filter { run in
        run.trace.steps.contains { $0.text == "the sleep was cancelled" } && !run.trace.steps.contains { $0.text == "sleep ends" }
    }
    #expect(!cancelledWhileAsleep.isEmpty, "\(runs.map(rendered))")
}
