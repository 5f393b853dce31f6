// A parcel-tracking app, built in main actor mode. This file is its data layer: it turns what
// the carrier's API sends into the app's model, off the main actor.

import Foundation

/// Fetches the carrier's JSON for a tracking number. The app uses the network; the tests use a fake.
nonisolated protocol CarrierAPI: Sendable {
    func trackingJSON(for number: String) async throws -> Data
}

// TODO: the data layer doesn't build: `ParcelSource` works off the main actor, and what it
// uses can't be used there: decoding the carrier's reply, mapping it, the parcel's summary and
// the error's message. Nothing in this file draws on screen, and tracking a parcel in the
// background must not wait for the UI.

/// A parcel as the carrier's API describes it.
struct ParcelDTO: Decodable {
    let trackingNumber: String
    let status: String
    let lastScan: String
    let daysLeft: Int
}

nonisolated struct Parcel: Equatable, Sendable {
    enum Status: Equatable, Sendable { case inTransit, outForDelivery, delivered }

    let number: String
    let status: Status
    let lastSeen: String
    let daysLeft: Int
}

extension Parcel {
    var summary: String {
        status == .delivered ? "Delivered in \(lastSeen)" : "Last seen in \(lastSeen), \(daysLeft) days to go"
    }
}

/// Why a parcel could not be tracked.
nonisolated enum TrackingError: Error, Equatable {
    case carrierUnavailable, unreadableReply, unknownStatus(String)
}

extension TrackingError: CustomStringConvertible {
    var description: String {
        switch self {
        case .carrierUnavailable: "The carrier can't be reached right now."
        case .unreadableReply: "The carrier's reply could not be read."
        case .unknownStatus(let status): "The carrier reports an unknown status, “\(status)”."
        }
    }
}

/// Turns the carrier's description of a parcel into the app's model.
struct ParcelMapper {
    func parcel(from dto: ParcelDTO) throws(TrackingError) -> Parcel {
        let statuses: [String: Parcel.Status] = [
            "in_transit": .inTransit, "out_for_delivery": .outForDelivery, "delivered": .delivered,
        ]
        guard let status = statuses[dto.status] else { throw .unknownStatus(dto.status) }
        return Parcel(number: dto.trackingNumber, status: status, lastSeen: dto.lastScan,
                      daysLeft: status == .delivered ? 0 : max(dto.daysLeft, 0))
    }
}

/// Downloads, decodes and maps, never on the main actor.
nonisolated struct ParcelSource {
    let api: any CarrierAPI

    @concurrent func parcel(_ number: String) async throws(TrackingError) -> Parcel {
        let json: Data
        do { json = try await api.trackingJSON(for: number) } catch { throw .carrierUnavailable }
        let dto: ParcelDTO
        do { dto = try JSONDecoder().decode(ParcelDTO.self, from: json) } catch { throw .unreadableReply }
        return try ParcelMapper().parcel(from: dto)
    }

    /// The line of the delivery notification that the background refresh posts.
    @concurrent func notificationLine(for number: String) async -> String {
        do {
            let parcel = try await parcel(number)
            return "Parcel \(number): \(parcel.summary)"
        } catch {
            return "Parcel \(number): \(error)"
        }
    }
}
