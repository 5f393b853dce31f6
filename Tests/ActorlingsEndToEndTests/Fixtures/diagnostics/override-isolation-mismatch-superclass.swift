// swiftc-flags:
@globalActor actor DatabaseActor {
    static let shared = DatabaseActor()
}

/// The base class of every screen's model.
@MainActor class ScreenModel {
    init() {}
}

/// A subclass that someone moved to the database's actor.
@DatabaseActor final class SyncScreenModel: ScreenModel {}
