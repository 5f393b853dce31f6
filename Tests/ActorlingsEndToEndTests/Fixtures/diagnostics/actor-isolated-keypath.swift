// swiftc-flags:
/// The inbox screen's model.
@MainActor final class InboxModel {
    var unreadCount = 0
}

/// Builds a sort key for a table that any isolation domain may use.
nonisolated func unreadKeyPath() -> KeyPath<InboxModel, Int> {
    \InboxModel.unreadCount
}
