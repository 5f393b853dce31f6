// A hiking app, built in main actor mode. The park screen gets a park's trails from a
// repository, which downloads and decodes them, and keeps a copy for offline use.

import Foundation

nonisolated enum NetworkError: Error, Equatable {
    case offline, status(Int)
}

/// What the repository throws, and what the park screen knows how to explain.
nonisolated enum TrailError: Error, Equatable {
    case offline, unknownPark(String), damagedData

    init(_ error: NetworkError, park: String) {
        switch error {
        case .offline: self = .offline
        case .status(404): self = .unknownPark(park)
        case .status: self = .damagedData
        }
    }

    var explanation: String {
        switch self {
        case .offline: "You're offline: connect to see the trails."
        case .unknownPark(let park): "There is no park called \(park)."
        case .damagedData: "The park service sent something odd. Try again later."
        }
    }
}

nonisolated struct Trail: Decodable, Equatable, Sendable {
    let name: String
    let meters: Int
}

/// Keeps what the repository loaded, for offline use. The app's store is an actor.
nonisolated protocol OfflineStore: Sendable {
    func save(_ trails: [Trail], for park: String) async
}

// TODO: the park screen stutters while it loads: the download and the decoding run on the
// main actor, in the middle of the screen's animations. And neither the repository nor the
// screen can tell which error it got, so the screen can't explain a failure. The two protocols
// below are the data layer's contracts: start there, then make the repository keep them.

/// Downloads a park's trails as JSON. The app uses the park service's API; the tests, a fake.
protocol TrailSource {
    func trailsJSON(for park: String) async throws -> Data
}

protocol TrailRepository {
    func trails(in park: String) async throws -> [Trail]
}

nonisolated struct ParkTrailRepository: TrailRepository {
    let source: any TrailSource
    let store: any OfflineStore

    func trails(in park: String) async throws -> [Trail] {
        let json: Data
        do { json = try await source.trailsJSON(for: park) } catch { throw TrailError(error, park: park) }
        guard let trails = try? JSONDecoder().decode([Trail].self, from: json) else { throw TrailError.damagedData }
        await store.save(trails, for: park)
        return trails
    }
}

final class ParkScreen {
    let repository: any TrailRepository
    private(set) var lines: [String] = []

    init(repository: any TrailRepository) {
        self.repository = repository
    }

    func open(_ park: String) async {
        do {
            lines = try await repository.trails(in: park).map { "\($0.name): \(Double($0.meters) / 1_000) km" }
        } catch {
            lines = [error.explanation]
        }
    }
}
