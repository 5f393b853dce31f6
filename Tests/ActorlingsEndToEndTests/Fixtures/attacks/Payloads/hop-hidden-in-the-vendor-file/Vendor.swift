import Foundation

/// Attack on a bridge scoped by file: the queue hop moved into the vendor's file, where the
/// queue is allowed, behind a new method the caller uses instead of the bridge.
final class LegacyClient: Sendable {
    func fetch(completion: @escaping @Sendable (Int) -> Void) {
        DispatchQueue.global().async { completion(21) }
    }

    func fetchOnMain(completion: @escaping @Sendable (Int) -> Void) {
        fetch { value in DispatchQueue.main.async { completion(value * 2) } }
    }
}
