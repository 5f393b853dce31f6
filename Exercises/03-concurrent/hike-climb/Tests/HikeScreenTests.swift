import InterleavingHarness
import Synchronization
import Testing

@testable import HikeClimb

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// Holds whoever waits at it until the test opens it; `arrival()` returns once someone waits.
actor Gate {
    private var waiting: CheckedContinuation<Void, Never>?
    private var watchers: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { continuation in
            waiting = continuation
            watchers.forEach { $0.resume() }
            watchers = []
        }
    }

    func arrival() async {
        guard waiting == nil else { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    func open() {
        isOpen = true
        waiting?.resume()
        waiting = nil
    }
}

struct DamagedFile: Error {}

/// A hike's file that notes every chunk read: where, and whether its task was cancelled.
/// `chunk(_:)` runs on its caller's actor, so `#isolation` inside it names that actor.
nonisolated final class FakeHike: HikeFile {
    let name: String
    let chunks: [[Int]]
    let holdAt: Int?
    let damagedAt: Int?
    let gate = Gate()
    private let reads = Mutex<[(chunk: Int, on: String, cancelled: Bool)]>([])

    init(_ name: String, _ chunks: [[Int]], holdAt: Int? = nil, damagedAt: Int? = nil) {
        self.name = name
        self.chunks = chunks
        self.holdAt = holdAt
        self.damagedAt = damagedAt
    }

    var chunkCount: Int { chunks.count }
    var chunksRead: [Int] { reads.withLock { $0.map(\.chunk) } }
    var readOn: Set<String> { reads.withLock { Set($0.map(\.on)) } }
    var readWhileCancelled: [Int] { reads.withLock { $0.filter(\.cancelled).map(\.chunk) } }

    func chunk(_ index: Int) async throws -> [Int] {
        let caller = describe(#isolation)
        reads.withLock { $0.append((index, caller, Task.isCancelled)) }
        if index == holdAt { await gate.wait() }
        if index == damagedAt { throw DamagedFile() }
        return chunks[index]
    }
}

private func ridge() -> FakeHike { FakeHike("Ridge", [[100, 120, 110], [130, 125], [140]]) }

/// A long hike whose chunk `held` (the second, unless the test says) is held, then a short one
/// picked while it waits.
private func pickLongThenShort(on screen: HikeScreen, holding held: Int = 1) async -> FakeHike {
    let long = FakeHike("Summit", [[500, 600], [700, 800], [900, 1000], [1100, 1200]], holdAt: held)
    screen.pick(long)
    let first = screen.measuring
    await long.gate.arrival()
    screen.pick(FakeHike("Lake loop", [[10, 22, 15]]))
    await screen.measuring?.value
    await long.gate.open()
    await first?.value
    return long
}

/// A hike's file whose every chunk takes a while, in the schedule's order; it notes each read in
/// the trace, under the name of the measuring that reads it.
nonisolated final class ScheduledHike: HikeFile {
    let name: String
    let chunks: [[Int]]
    let damagedAt: Int?

    init(_ name: String, _ chunks: [[Int]], damagedAt: Int? = nil) {
        self.name = name
        self.chunks = chunks
        self.damagedAt = damagedAt
    }

    var chunkCount: Int { chunks.count }

    func chunk(_ index: Int) async throws -> [Int] {
        let reader = "measuring \(name)"
        Interleavings.note("reads chunk \(index + 1) of \(chunks.count)\(Task.isCancelled ? ", cancelled" : "")", by: reader)
        await Interleavings.pause()
        if index == damagedAt {
            Interleavings.note("can't read chunk \(index + 1): the file is damaged", by: reader)
            throw DamagedFile()
        }
        if index == chunks.count - 1 { Interleavings.note("has read the last chunk", by: reader) }
        return chunks[index]
    }
}

/// The user taps `file`: returns the measuring that the tap started.
private func tap(_ file: ScheduledHike, on screen: HikeScreen) -> Task<Void, Never>? {
    screen.pick(file)
    Interleavings.note("picks \(file.name)")
    return screen.measuring
}

/// What the line says, noted in the trace, and why it is wrong when it is not about `newest`,
/// the hike picked last: the name of an older hike picked before it.
private func look(at screen: HikeScreen, picked: [String]) -> String? {
    let line = screen.detail
    Interleavings.note("sees “\(line)”")
    guard let newest = picked.last, !line.contains(newest) else { return nil }
    let older = picked.dropLast().last { line.contains($0) } ?? "an older hike"
    return
        "the line says “\(line)” after \(newest) was picked: \(older)'s measuring, cancelled by a newer pick, replaced the line of the hike picked after it. A cancelled pick writes nothing, neither its climb nor its error: check on the main actor, right before writing, that this pick was not cancelled"
}

/// The user picks a long hike, then an old, damaged track, then a short hike, looking at the line
/// in between, while the files are read in sixty orders (seeded, the same on every machine),
/// the main actor taking its turns among the other steps as if busy drawing the screen. Whatever
/// the order, a pick that a newer one cancelled never writes its climb, nor its error, over the
/// line of the hike picked after it: at every look the line is about the hike picked last.
@Test func aCancelledPickNeverWritesInAnyOrder() async {
    await Interleavings.explore(schedules: 60, schedulesMainActor: true) {
        let screen = HikeScreen()
        let hikes = [
            ScheduledHike("Ridge", [[100, 120, 110]]),
            ScheduledHike("Old GPS track", [[1, 2], [3, 4]], damagedAt: 1),
            ScheduledHike("Summit", [[500, 600], [700, 800]]),
            ScheduledHike("Lake loop", [[10, 22], [15]]),
        ]
        try await Interleavings.concurrently([
            (
                "user",
                {
                    var picked: [String] = []
                    var measurings: [Task<Void, Never>?] = []
                    for hike in hikes {
                        measurings.append(await tap(hike, on: screen))
                        picked.append(hike.name)
                        await Interleavings.pause()
                        let wrong = await look(at: screen, picked: picked)
                        try Interleavings.check(wrong == nil, wrong ?? "")
                    }
                    // The cancelled picks end; the last one may still be measuring.
                    for measuring in measurings.dropLast() { await measuring?.value }
                    let wrongOnceTheyEnd = await look(at: screen, picked: picked)
                    try Interleavings.check(wrongOnceTheyEnd == nil, wrongOnceTheyEnd ?? "")
                    await measurings.last??.value
                    let shown = await screen.detail
                    Interleavings.note("sees “\(shown)”")
                    try Interleavings.check(
                        shown == "Lake loop: 12 m up",
                        "the line says “\(shown)” once every measuring has ended: the hike picked last is Lake loop, which climbs 12 m")
                }
            )
        ])
    }
}

@Test func theClimbCountsEveryRiseAndNoFall() async throws {
    #expect(try await climb(of: ridge()) == 55, "rises across the chunks' boundaries count too")
    #expect(try await climb(of: FakeHike("Empty", [])) == 0)
    #expect(try await climb(of: FakeHike("Downhill", [[900, 800], [700]])) == 0)
}

@Test func measuringRunsOffTheMainActor() async {
    let screen = HikeScreen()
    let hike = ridge()
    screen.pick(hike)
    #expect(screen.detail == "Ridge: measuring…", "the tap itself shows that the hike is being measured")
    await screen.measuring?.value
    #expect(screen.detail == "Ridge: 55 m up")
    #expect(hike.readOn == ["no actor"], "the altitudes were read on \(hike.readOn.sorted()): the list stutters while a hike is measured")
}

@Test func pickingAnotherHikeStopsReadingTheFirst() async {
    let long = await pickLongThenShort(on: HikeScreen())
    #expect(long.readWhileCancelled.isEmpty, "the first hike's file was still read after another hike was picked")
    #expect(long.chunksRead == [0, 1])
}

@Test func theLastHikePickedIsTheOneShown() async {
    let screen = HikeScreen()
    _ = await pickLongThenShort(on: screen)
    #expect(
        screen.detail == "Lake loop: 12 m up",
        "the line says \"\(screen.detail)\": the first hike's measuring, cancelled, replaced the line of the hike picked after it")
}

/// The newer pick comes while the first hike's last chunk is read: no check is left in `climb`, so
/// it returns the first hike's metres although its task was cancelled.
@Test func aClimbThatEndsAfterANewerPickIsNotShown() async {
    let screen = HikeScreen()
    _ = await pickLongThenShort(on: screen, holding: 3)
    #expect(
        screen.detail == "Lake loop: 12 m up",
        "the line says \"\(screen.detail)\": the first hike's measuring was cancelled while its last chunk was read, `climb` returned its metres anyway, and they replaced the line of the hike picked after it. Check `Task.isCancelled` before showing a result."
    )
}

@Test func aCancelledClimbThrows() async {
    let long = FakeHike("Summit", [[500, 600], [700, 800], [900, 1000]], holdAt: 1)
    let measuring = Task { try await climb(of: long) }
    await long.gate.arrival()
    measuring.cancel()
    await long.gate.open()
    let result = await measuring.result
    #expect(
        (try? result.get()) == nil,
        "a cancelled climb returned a number, the metres of a hike read only in part: cancelled work throws CancellationError")
    #expect(long.chunksRead == [0, 1])
}

@Test func aDamagedFileSaysSo() async {
    let screen = HikeScreen()
    screen.pick(FakeHike("Old GPS track", [[1, 2], [3, 4]], damagedAt: 1))
    await screen.measuring?.value
    #expect(screen.detail == "Couldn't read Old GPS track", "a file that can't be read says so")
}
