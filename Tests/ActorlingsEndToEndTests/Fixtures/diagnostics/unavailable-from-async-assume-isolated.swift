// swiftc-flags:
@MainActor final class PlayerModel {
    var isPlaying = false
}

/// Tries to read main-actor state from a background function by promising it is on the main actor.
@concurrent func isPlaying(_ player: PlayerModel) async -> Bool {
    MainActor.assumeIsolated {
        player.isPlaying
    }
}
