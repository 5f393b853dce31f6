import Foundation
import Synchronization
import Testing
@testable import NoEscapeHatches

// These tests run under Thread Sanitizer: a data race makes the test process fail, even
// when every test passed. They run one at a time, so that no other test starts sessions
// while one of them counts sessions.

/// A clock that makes two calls overlap. Once `overlap` has started, the first caller to read
/// it waits there until a second caller has read it too (or 5 seconds have passed).
private final class MeetingClock: Sendable {
    private let condition = NSCondition()
    private let isArmed = Atomic<Bool>(false)
    private let arrivals = Atomic<Int>(0)
    private let backgroundCallerDone = Atomic<Bool>(false)

    func now() -> Double {
        guard isArmed.load(ordering: .relaxed) else { return 0 }
        condition.lock()
        defer { condition.unlock() }
        let arrival = arrivals.add(1, ordering: .relaxed).newValue
        condition.broadcast()
        if arrival == 1 {
            wait { self.arrivals.load(ordering: .relaxed) >= 2 }
        }
        return Double(arrival)
    }

    /// Runs `background` on a thread of its own until it reads the clock, then runs
    /// `foreground` on this thread while the background caller waits inside the clock.
    func overlap<T>(background: @escaping @Sendable () -> Void, foreground: () -> T) -> T {
        isArmed.store(true, ordering: .relaxed)
        Thread.detachNewThread {
            background()
            self.condition.lock()
            self.backgroundCallerDone.store(true, ordering: .relaxed)
            self.condition.broadcast()
            self.condition.unlock()
        }
        condition.lock()
        wait { self.arrivals.load(ordering: .relaxed) >= 1 }
        condition.unlock()
        let result = foreground()
        condition.lock()
        wait { self.backgroundCallerDone.load(ordering: .relaxed) }
        condition.unlock()
        return result
    }

    private func wait(until done: () -> Bool) {
        let deadline = Date(timeIntervalSinceNow: 5)
        while !done(), condition.wait(until: deadline) {}
    }
}

@Suite(.serialized) struct TrackerTests {
    @Test func eventsAreNumberedInOrder() {
        let tracker = Tracker(clock: { 1_700_000_000 })
        let events = ["launch", "search", "recipe-opened"].map(tracker.track)
        #expect(events.map(\.sequenceNumber) == [1, 2, 3])
        #expect(events.allSatisfy { $0.session == tracker.session && $0.timestamp == 1_700_000_000 })
        #expect(tracker.eventCount == 3)
    }

    @Test func twoEventsTrackedAtOnceGetDifferentNumbers() {
        let clock = MeetingClock()
        let tracker = Tracker(clock: clock.now)
        let tracked = clock.overlap(
            background: { _ = tracker.track("import-finished") },
            foreground: { tracker.track("recipe-opened") }
        )
        // The import thread was still inside `track` when this thread tracked its event.
        #expect(tracked.sequenceNumber == 2,
                "two events tracked at the same moment got the same sequence number: reading, increasing and writing the counter must be one indivisible step")
        #expect(tracker.track("recipe-closed").sequenceNumber == 3)
    }

    @Test func twoSessionsStartedAtOnceGetDifferentNumbers() {
        let clock = MeetingClock()
        let before = Tracker(clock: { 0 }).session
        let started = clock.overlap(
            background: { _ = Tracker(clock: clock.now) },
            foreground: { Tracker(clock: clock.now) }
        )
        #expect(started.session == before + 2,
                "two sessions started at the same moment got the same session number: reading, increasing and writing the counter must be one indivisible step")
        #expect(Tracker(clock: { 0 }).session == before + 3)
    }

    @Test func manyTasksTrackAtOnce() async {
        let tracker = Tracker(clock: { 0 })
        let numbers = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<5_000).map { _ in tracker.track("step").sequenceNumber } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        let handedOutTwice = numbers.count - Set(numbers).count
        #expect(handedOutTwice == 0,
                "\(handedOutTwice) sequence numbers were handed out twice: the counter is still read and written in separate steps that tasks running at once interleave; protect it with `Atomic`")
        #expect(tracker.eventCount == 20_000, "events were lost: two tasks wrote the same new count")
    }

    @Test func manyTasksStartSessionsAtOnce() async {
        let sessions = await withTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<2_000).map { _ in Tracker(clock: { 0 }).session } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        let handedOutTwice = sessions.count - Set(sessions).count
        #expect(handedOutTwice == 0,
                "\(handedOutTwice) session numbers were handed out twice: the session counter is still read and written in separate steps that tasks running at once interleave; protect it with `Atomic`")
    }
}
