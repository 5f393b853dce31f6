// An electric-car app, built in main actor mode. Its station finder lists the charge points
// near the driver, and which of them are free right now. The screen awaits `StationFinder`,
// whose work runs off the main actor.
import Foundation

/// A charge point as the network's API sends it. Part of the data layer: decoded off the main
/// actor, so it belongs to no actor.
nonisolated struct StationDTO: Decodable, Sendable {
    let id: String
    let name: String
    let kilowatts: Int
    let free: Bool
}

/// A charge point as the screen shows it.
nonisolated struct Station: Equatable, Sendable {
    let id: String
    let name: String
    let kilowatts: Int
    let isFree: Bool
}

nonisolated struct StationFinder: Sendable {
    let network: any ChargeNetwork

    /// The charge points near `postcode`, nearest first. Throws `FinderError`.
    @concurrent func stations(near postcode: String) async throws -> [Station] {
        let ids = try await network.stationIDs(near: postcode)
        // One task per charge point, started at once, awaited in order.
        let tasks = ids.map { id in Task { try await station(id) } }
        var found: [Station] = []
        for task in tasks {
            found.append(try await task.value)
        }
        return found
    }

    @concurrent private func station(_ id: String) async throws -> Station {
        let json = try await network.stationJSON(id)
        // The contract promises `FinderError`: a reply that doesn't decode is unreadable.
        guard let dto = try? JSONDecoder().decode(StationDTO.self, from: json) else {
            throw FinderError.unreadableReply
        }
        return Station(id: dto.id, name: dto.name, kilowatts: dto.kilowatts, isFree: dto.free)
    }
}
