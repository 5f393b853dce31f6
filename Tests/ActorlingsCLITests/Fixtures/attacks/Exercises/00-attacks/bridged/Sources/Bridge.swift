import Foundation

/// The old API, which answers on a queue of its own. Only this file may call it.
final class LegacyClient: Sendable {
    func fetch(completion: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.global().async { completion(21) }
    }
}

/// The one bridge from the callback to `async`.
func fetchValue(from client: LegacyClient) async -> Int {
    await withCheckedContinuation { continuation in
        client.fetch { continuation.resume(returning: $0) }
    }
}
