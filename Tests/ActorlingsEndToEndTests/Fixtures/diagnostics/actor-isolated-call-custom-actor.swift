// swiftc-flags:
/// Keeps the rows of a local database; only its own executor touches them.
@globalActor actor DatabaseActor {
    static let shared = DatabaseActor()
}

/// A settings screen's model, owned by the main actor.
@MainActor final class SettingsModel {
    var syncEnabled = true

    func refresh() {}
}

/// Runs on the database's global actor.
@DatabaseActor func saveSettings(_ model: SettingsModel) {
    model.refresh()
}

/// A download queue that owns its list of pending downloads.
actor DownloadQueue {
    private var pending: [String] = []

    func enqueue(_ url: String) {
        pending.append(url)
    }

    /// Looks synchronous and harmless, but runs outside the actor.
    nonisolated func enqueueDefaults() {
        enqueue("https://example.com/welcome.mp4")
    }
}

/// A row of a list whose tap handler must run on the main actor.
struct ListRow {
    var title: String
    var onTap: @MainActor () -> Void
}

func simulateTap(on row: ListRow) {
    row.onTap()
}
