// Don't change this file: it is the contract of the charging network's API. The app talks to
// the real API; the tests use a fake.
import Foundation

/// What the finder screen knows how to explain.
nonisolated enum FinderError: Error, Equatable {
    case offline
    case unreadableReply
}

/// The charging network's API.
nonisolated protocol ChargeNetwork: Sendable {
    /// The IDs of the charge points near `postcode`, nearest first. Throws `FinderError`.
    @concurrent func stationIDs(near postcode: String) async throws -> [String]
    /// One charge point as a JSON object with the keys "id", "name", "kilowatts" and "free":
    /// one round trip to the network per call. Throws `FinderError`.
    @concurrent func stationJSON(_ id: String) async throws -> Data
}
