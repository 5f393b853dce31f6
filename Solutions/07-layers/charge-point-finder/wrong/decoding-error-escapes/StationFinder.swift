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
        // One round trip per charge point, all at once; each child says whose answer it has.
        return try await withThrowingTaskGroup(of: (Int, Station).self) { group in
            for (index, id) in ids.enumerated() {
                group.addTask { (index, try await station(id)) }
            }
            var found = [Station?](repeating: nil, count: ids.count)
            for try await (index, station) in group {
                found[index] = station
            }
            return found.compactMap { $0 }
        }
    }

    @concurrent private func station(_ id: String) async throws -> Station {
        let json = try await network.stationJSON(id)
        let dto = try JSONDecoder().decode(StationDTO.self, from: json)
        return Station(id: dto.id, name: dto.name, kilowatts: dto.kilowatts, isFree: dto.free)
    }
}
