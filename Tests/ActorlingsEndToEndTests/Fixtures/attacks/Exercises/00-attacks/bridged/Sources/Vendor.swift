import Foundation

/// The old API, which answers on a queue of its own: the vendor's code, protected.
final class LegacyClient: Sendable {
    func fetch(completion: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.global().async { completion(21) }
    }
}
