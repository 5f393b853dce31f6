import Testing

@testable import ParcelRefresh

// This test module is built in main actor mode too: the tests, the fake carrier and the list
// all take turns on the main actor.

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
