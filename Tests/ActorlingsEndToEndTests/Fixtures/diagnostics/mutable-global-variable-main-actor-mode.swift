// swiftc-flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
/// In main actor mode this global is protected by the main actor, and compiles.
var lastOpenedRecipe: String?

/// A nonisolated type's static state has no such protection.
nonisolated struct UnitConverter {
    static var gramsPerCup = 120.0
}
