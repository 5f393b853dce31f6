// swiftc-flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
import Foundation

/// In main actor mode this NSObject subclass is on the main actor, and so is its override.
final class Recipe: NSObject {
    let name: String

    init(name: String) {
        self.name = name
    }

    override var description: String {
        "Recipe \(name)"
    }
}
