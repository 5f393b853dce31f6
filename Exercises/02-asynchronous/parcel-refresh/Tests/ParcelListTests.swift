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
    carrier.answer(.delivered)
    try #require(
        await eventually { carrier.waitingFor == "B2" }, "after a parcel was swiped away, the refresh skipped a parcel still on the list")
    #expect(
        list.parcels.map(\.status) == ["Not checked yet", "Not checked yet"],
        "the answer about a parcel swiped away went to the parcel below it")
    carrier.answer(.expected("Monday"))
    try #require(
        await eventually { carrier.waitingFor == "D4" },
        "the refresh must go on to the parcels still on the list, and not ask about a parcel swiped away")
    carrier.answer(.expected("Tuesday"))
    await refreshing.value
    #expect(list.parcels == [Parcel(trackingNumber: "B2", status: "Expected Monday"), Parcel(trackingNumber: "D4", status: "Expected Tuesday")])
    #expect(!carrier.asked.contains("C3"), "a parcel swiped away before its turn is not asked about")
}
