import Foundation
import Synchronization
import Testing
@testable import NonisolatedDataLayer

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A fake carrier with canned replies. It records the isolation of every call: `trackingJSON`
/// is a nonisolated async method, so it runs where its caller runs, and `#isolation` names
/// the caller's actor.
nonisolated final class FakeCarrier: CarrierAPI {
    private let replies: [String: String]
    private let callers = Mutex<[String]>([])

    init(replies: [String: String]) {
        self.replies = replies
    }

    /// Where each call came from: "main actor", or "no actor".
    var calledFrom: [String] {
        callers.withLock { $0 }
    }

    func trackingJSON(for number: String) async throws -> Data {
        let isolation = #isolation
        callers.withLock { $0.append(isolation === MainActor.shared ? "main actor" : isolation == nil ? "no actor" : "another actor") }
        guard let reply = replies[number] else { throw CarrierDown() }
        return Data(reply.utf8)
    }
}

nonisolated struct CarrierDown: Error {}

private let carrier = FakeCarrier(replies: [
    "1Z001": #"{"trackingNumber": "1Z001", "status": "in_transit", "lastScan": "Leipzig", "daysLeft": 2}"#,
    "1Z002": #"{"trackingNumber": "1Z002", "status": "delivered", "lastScan": "Lyon", "daysLeft": 1}"#,
    "1Z003": #"{"trackingNumber": "1Z003", "status": "lost_in_space", "lastScan": "Oslo", "daysLeft": 9}"#,
    "1Z004": #"{"trackingNumber": "1Z004", "status": "in_transit""#,
])

// The widget's background refresh and the share extension use the data layer's types off
// the main actor, without `await`: these helpers compile only if the types are nonisolated.

nonisolated private func decodeAndMap(_ json: String) throws -> Parcel {
    let dto = try JSONDecoder().decode(ParcelDTO.self, from: Data(json.utf8))
    return try ParcelMapper().parcel(from: dto)  // no `await`: the mapper belongs to no actor
}

nonisolated private func widgetLine(for parcel: Parcel) -> String {
    parcel.summary
}

nonisolated private func widgetLine(for error: TrackingError) -> String {
    "\(error)"  // the conformance to `CustomStringConvertible`, used off the main actor
}

/// How the app's crash reporter describes an error it gets as `any Error`, off the main actor.
@concurrent private func reportedDescription(of error: any Error) async -> String {
    String(describing: error)
}

@Test func aParcelInTransit() async throws {
    let parcel = try await ParcelSource(api: carrier).parcel("1Z001")
    #expect(parcel == Parcel(number: "1Z001", status: .inTransit, lastSeen: "Leipzig", daysLeft: 2))
    #expect(parcel.summary == "Last seen in Leipzig, 2 days to go")
}

@Test func aDeliveredParcelHasNoDaysLeft() async throws {
    let parcel = try await ParcelSource(api: carrier).parcel("1Z002")
    #expect(parcel.status == .delivered)
    #expect(parcel.daysLeft == 0)
}

@Test func whatCanGoWrong() async {
    let source = ParcelSource(api: carrier)
    await #expect(throws: TrackingError.unknownStatus("lost_in_space")) { try await source.parcel("1Z003") }
    await #expect(throws: TrackingError.unreadableReply) { try await source.parcel("1Z004") }
    await #expect(throws: TrackingError.carrierUnavailable) { try await source.parcel("1Z999") }
}

@Test func notificationLines() async {
    let source = ParcelSource(api: carrier)
    #expect(await source.notificationLine(for: "1Z002") == "Parcel 1Z002: Delivered in Lyon")
    #expect(await source.notificationLine(for: "1Z999") == "Parcel 1Z999: The carrier can't be reached right now.")
}

@Test func theDataLayerWorksOffTheMainActor() async throws {
    let carrier = FakeCarrier(replies: ["1Z001": #"{"trackingNumber": "1Z001", "status": "in_transit", "lastScan": "Kyiv", "daysLeft": 3}"#])
    _ = try await ParcelSource(api: carrier).parcel("1Z001")
    _ = await ParcelSource(api: carrier).notificationLine(for: "1Z001")
    #expect(carrier.calledFrom == ["no actor", "no actor"], "the data source should work off the main actor")
}

@Test func theModelAndTheMapperWorkAnywhere() throws {
    let parcel = try decodeAndMap(#"{"trackingNumber": "1Z005", "status": "out_for_delivery", "lastScan": "Turin", "daysLeft": 0}"#)
    #expect(parcel.status == .outForDelivery)
    #expect(widgetLine(for: parcel) == "Last seen in Turin, 0 days to go")
    #expect(widgetLine(for: .unknownStatus("held")) == "The carrier reports an unknown status, “held”.")
}

@Test func errorsDescribeThemselvesOffTheMainActor() async {
    let description = await reportedDescription(of: TrackingError.unreadableReply)
    #expect(description == "The carrier's reply could not be read.",
            "off the main actor, the error's CustomStringConvertible conformance could not be used")
}
