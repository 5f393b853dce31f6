// swiftc-flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Foundation

/// A forecast from the weather API. In main actor mode its Decodable conformance is main actor-isolated.
struct Forecast: Decodable {
    var city: String
    var temperature: Double
}

/// Decodes on a background refresh, off the main actor.
nonisolated func decodeForecast(from data: Data) throws -> Forecast {
    try JSONDecoder().decode(Forecast.self, from: data)
}
