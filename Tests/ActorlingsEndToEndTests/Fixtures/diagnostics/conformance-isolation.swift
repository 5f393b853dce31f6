// swiftc-flags:
/// Anything that can describe itself for the log.
protocol LogDescribable {
    func logLine() -> String
}

/// The player screen's model, on the main actor.
@MainActor final class PlayerModel: LogDescribable {
    var title = "Untitled"

    func logLine() -> String {
        "playing \(title)"
    }
}

/// A cache whose description reads its state.
actor ArtworkCache: CustomStringConvertible {
    private var entries: [String: Int] = [:]

    var description: String {
        "ArtworkCache(\(entries.count))"
    }
}
