import InterleavingHarness
import Synchronization
import Testing

@testable import ParcelRefresh

// This test module is built in main actor mode too: the tests, the fake carrier and the list
// all take turns on the main actor.

/// The day the carrier expects each parcel in the exploring test: each parcel its own, so that an
/// answer written to the wrong parcel shows.
nonisolated private let expectedDay = ["A1": "Monday", "B2": "Tuesday", "C3": "Wednesday", "D4": "Thursday", "E5": "Friday"]

/// Where the test waits for the refresh to end. It waits off the main actor: given from the
/// main actor, the signal hands the test's task straight back to the schedule, in the main
/// actor's turn (a wait on the main actor would resume one hop later, after the turn).
nonisolated final class RefreshEnd: Sendable {
    private struct State {
        var ended = false
        var waiting: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func wait() async {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state in
                if !state.ended { state.waiting = continuation }
                return state.ended
            }
            if ended { continuation.resume() }
        }
    }

    func signal() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.ended else { return nil }
            state.ended = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }
}

/// A carrier that answers each request a while later, in the schedule's order, and notes each
/// step in the trace. It watches the list as the refresh asks: the first thing that goes wrong is
/// kept, and that request is never answered, so the refresh stops there and the test reports it.
final class ScheduledCarrier: CarrierSDK {
    /// The list the user sees, which this carrier serves.
    var list: ParcelList?
    private var swiped: Set<String> = []
    private(set) var asked: [String] = []
    private var waitingFor: String?
    private var handlers: [String: (TrackingEvent) -> Void] = [:]
    /// The first thing that went wrong, in words for the learner.
    private(set) var wentWrong: String?
    let refreshEnd = RefreshEnd()

    func track(_ trackingNumber: String, handler: @escaping (TrackingEvent) -> Void) {
        Interleavings.note("asks the carrier about \(trackingNumber)")
        asked.append(trackingNumber)
        if swiped.contains(trackingNumber) {
            return stop(
                "\(trackingNumber) was swiped away before the refresh asked about it: the refresh chose its next parcel before an `await`, and the list changed while it waited. After each answer, take the next parcel from the list as it is then"
            )
        }
        if let other = waitingFor {
            return stop(
                "the refresh asked about \(trackingNumber) while \(other)'s request was still under way: ask about one parcel at a time, each after the last one's answer"
            )
        }
        if let misplaced = misplacedAnswer() { return stop(misplaced) }
        waitingFor = trackingNumber
        handlers[trackingNumber] = handler
        // A task of the schedule answers, not one started on the main actor, which would run one
        // hop later than the main actor's turn.
        Interleavings.later {
            Task { @MainActor in self.answer(trackingNumber) }
        }
    }

    private func answer(_ trackingNumber: String) {
        let day = expectedDay[trackingNumber] ?? "someday"
        Interleavings.note("answers \(trackingNumber): expected \(day)", by: "carrier")
        waitingFor = nil
        handlers.removeValue(forKey: trackingNumber)?(.expected(day))
    }

    /// The user swipes `trackingNumber` away.
    func swipe(_ trackingNumber: String) {
        list?.remove(trackingNumber)
        swiped.insert(trackingNumber)
        Interleavings.note("swipes \(trackingNumber) away")
    }

    /// Starts `list.refresh()` in a task of its own: `refreshEnd` is signalled when it has
    /// returned, or when the carrier has seen it go wrong (then the refresh waits for ever for an
    /// answer).
    func startRefreshing(_ list: ParcelList) {
        Task {
            await list.refresh()
            Interleavings.note("returns")
            refreshEnd.signal()
        }
    }

    /// What is wrong with the list once the refresh has returned, if anything.
    func wrongAtTheEnd() -> String? {
        if let wentWrong { return wentWrong }
        if let waitingFor {
            return "refresh() returned while \(waitingFor)'s request was still under way: wait for each answer before going on"
        }
        if let misplaced = misplacedAnswer() { return misplaced }
        for parcel in list?.parcels ?? [] where parcel.status == "Not checked yet" {
            return asked.contains(parcel.trackingNumber)
                ? "the carrier's answer about \(parcel.trackingNumber) (expected \(expectedDay[parcel.trackingNumber] ?? "")) never reached it, though \(parcel.trackingNumber) is still on the list: the refresh looked for it where it was before the `await`, and a swipe had moved it. After each answer, find the parcel by its tracking number"
                : "\(parcel.trackingNumber) is still on the list and the refresh never asked about it: the refresh kept its place in the list across an `await`, and a swipe moved the parcels below. After each answer, find the next parcel from the list as it is then"
        }
        return nil
    }

    /// A parcel that shows another parcel's answer: the refresh wrote to a stale place.
    private func misplacedAnswer() -> String? {
        for parcel in list?.parcels ?? [] where parcel.status != "Not checked yet" {
            guard parcel.status != "Expected \(expectedDay[parcel.trackingNumber] ?? "")" else { continue }
            let owner = expectedDay.first { "Expected \($0.value)" == parcel.status }?.key ?? "another parcel"
            return
                "\(owner)'s answer (\(parcel.status)) went to \(parcel.trackingNumber): the refresh wrote to a place in the list it found before an `await`, and a swipe changed the list while it waited. Find the parcel by its tracking number after each `await`"
        }
        return nil
    }

    private func stop(_ what: String) {
        Interleavings.note("stops answering: this went wrong", by: "carrier")
        if wentWrong == nil { wentWrong = what }
        refreshEnd.signal()
    }
}

/// A list of five parcels on a carrier that answers in the schedule's order.
private func fiveParcels() -> (ScheduledCarrier, ParcelList) {
    let carrier = ScheduledCarrier()
    let list = ParcelList(trackingNumbers: ["A1", "B2", "C3", "D4", "E5"], carrier: carrier)
    carrier.list = list
    return (carrier, list)
}

/// The user pulls to refresh a list of five parcels and swipes two of them away, B2 and then C3,
/// while the carrier answers, in sixty orders (seeded, the same on every machine), the main
/// actor taking its turns among the other steps as if busy drawing the screen. Whatever the
/// order, the carrier is asked only about parcels still on the list, one at a time, each answer
/// goes to its own parcel, and every parcel still on the list at the end shows its answer.
@Test func aRefreshReReadsTheListAfterEveryAnswerInAnyOrder() async {
    await Interleavings.explore(schedules: 60, schedulesMainActor: true) {
        let (carrier, list) = await fiveParcels()
        try await Interleavings.concurrently([
            (
                "refresh",
                {
                    await carrier.startRefreshing(list)
                    await carrier.refreshEnd.wait()
                }
            ),
            (
                "user",
                {
                    for number in ["B2", "C3"] {
                        await Interleavings.pause()
                        await carrier.swipe(number)
                    }
                }
            ),
        ])
        let wrong = await carrier.wrongAtTheEnd()
        try Interleavings.check(wrong == nil, wrong ?? "")
    }
}

/// A carrier whose answers the test gives, one request at a time.
final class FakeCarrier: CarrierSDK {
    private var handlers: [(number: String, handler: (TrackingEvent) -> Void)] = []
    private(set) var asked: [String] = []
    private(set) var mostAtOnce = 0

    func track(_ trackingNumber: String, handler: @escaping (TrackingEvent) -> Void) {
        asked.append(trackingNumber)
        handlers.append((trackingNumber, handler))
        mostAtOnce = max(mostAtOnce, handlers.count)
    }

    var waitingFor: String? { handlers.first?.number }

    /// Answers the oldest request with these events, the last one final.
    func answer(_ events: TrackingEvent...) {
        guard !handlers.isEmpty else {
            Issue.record("no request is waiting for an answer")
            return
        }
        let request = handlers.removeFirst()
        events.forEach(request.handler)
    }
}

/// Gives the app's tasks up to 1,000 turns on the main actor and returns whether `condition` holds.
private func eventually(_ condition: () -> Bool) async -> Bool {
    var turns = 0
    while !condition() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
    return condition()
}

@Test func theHeadlineCountsDeliveredParcels() {
    let list = ParcelList(trackingNumbers: ["A1", "B2"], carrier: FakeCarrier())
    #expect(list.headline == "0 of 2 delivered")
    list.remove("A1")
    list.remove("B2")
    #expect(list.headline == "No parcels")
}

@Test func refreshShowsWhereEachParcelIs() async throws {
    let carrier = FakeCarrier()
    let list = ParcelList(trackingNumbers: ["A1", "B2", "C3"], carrier: carrier)
    let refreshing = Task { await list.refresh() }
    try #require(await eventually { carrier.waitingFor == "A1" })
    carrier.answer(.scanned("Leipzig hub"), .scanned("Berlin depot"), .expected("Friday"))
    try #require(await eventually { carrier.waitingFor == "B2" }, "a scan is not the answer: the refresh waits for the last event")
    carrier.answer(.delivered)
    try #require(await eventually { carrier.waitingFor == "C3" })
    carrier.answer(.notFound)
    try #require(
        await eventually { list.parcels.last?.status == "Unknown to the carrier" },
        "a parcel the carrier does not know never got a status: the refresh is still waiting for an answer")
    await refreshing.value
    #expect(
        list.parcels.map(\.status) == ["Expected Friday", "Delivered", "Unknown to the carrier"],
        "a scan on the way is not the answer: the status comes from the carrier's last event")
    #expect(list.headline == "1 of 3 delivered")
    #expect(carrier.mostAtOnce == 1, "the carrier refuses a second request while one is under way")
}

@Test func aParcelSwipedAwayDuringRefreshStaysAway() async throws {
    let carrier = FakeCarrier()
    let list = ParcelList(trackingNumbers: ["A1", "B2", "C3", "D4"], carrier: carrier)
    let refreshing = Task { await list.refresh() }
    try #require(await eventually { carrier.waitingFor == "A1" })
    list.remove("A1")
    list.remove("C3")
    let askedBeforeTheSwipe = carrier.asked
    carrier.answer(.delivered)
    try #require(
        await eventually { carrier.waitingFor == "B2" }, "after a parcel was swiped away, the refresh skipped a parcel still on the list")
    #expect(
        list.parcels.map(\.status) == ["Not checked yet", "Not checked yet"],
        "the answer about a parcel swiped away went to the parcel below it")
    carrier.answer(.expected("Monday"))
    let wentOnToD4 = await eventually { carrier.waitingFor == "D4" }
    // What the refresh did instead, if it did not go on to D4: the message names that.
    let instead: Comment =
        switch carrier.waitingFor {
        case "C3"? where askedBeforeTheSwipe.contains("C3"):
            "the refresh asked about C3 while A1's request was still under way, before C3 was swiped away: it sent its requests all at once. Ask about one parcel at a time, each after the last one's answer"
        case "C3"?:
            "the refresh must go on to the parcels still on the list, and not ask about a parcel swiped away"
        default:
            "after a parcel was swiped away, the refresh skipped a parcel still on the list"
        }
    try #require(wentOnToD4, instead)
    carrier.answer(.expected("Tuesday"))
    await refreshing.value
    #expect(list.parcels == [Parcel(trackingNumber: "B2", status: "Expected Monday"), Parcel(trackingNumber: "D4", status: "Expected Tuesday")])
    #expect(!carrier.asked.contains("C3"), "a parcel swiped away before its turn is not asked about")
}

/// The user swipes away the parcel whose answer just came, `turns` turns of the main actor after
/// the answer: the list changes at a different point of the refresh's work each time. Whenever it
/// happens, the answer about that parcel goes nowhere: not to the parcel that took its place.
@Test(arguments: 0..<6)
func aParcelSwipedAwayAsItsAnswerArrivesTakesTheAnswerWithIt(turns: Int) async throws {
    let carrier = FakeCarrier()
    let list = ParcelList(trackingNumbers: ["A1", "B2", "C3", "D4"], carrier: carrier)
    let refreshing = Task { await list.refresh() }
    try #require(await eventually { carrier.waitingFor == "A1" })
    carrier.answer(.delivered)
    for _ in 0..<turns { await Task.yield() }
    list.remove("A1")
    try #require(
        await eventually { carrier.waitingFor == "B2" }, "after a parcel was swiped away, the refresh skipped a parcel still on the list")
    #expect(
        list.parcels.map(\.status) == ["Not checked yet", "Not checked yet", "Not checked yet"],
        "A1's answer went to B2, the parcel that took A1's place: the refresh found A1's place, waited, and wrote to that place after the list had changed. Find the parcel and write its status with no `await` in between."
    )
    for (number, day) in [("B2", "Monday"), ("C3", "Tuesday")] {
        carrier.answer(.expected(day))
        let next = number == "B2" ? "C3" : "D4"
        try #require(
            await eventually { carrier.waitingFor == next }, "after a parcel was swiped away, the refresh skipped a parcel still on the list")
    }
    carrier.answer(.delivered)
    await refreshing.value
    #expect(
        list.parcels.map(\.status) == ["Expected Monday", "Expected Tuesday", "Delivered"],
        "refresh() returned before the carrier's answers were on the list: it must wait for each answer before it returns")
}
