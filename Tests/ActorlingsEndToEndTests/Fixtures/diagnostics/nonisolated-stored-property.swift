// swiftc-flags:
/// Formats dates; it has mutable state, so it is not Sendable.
final class DateStyle {
    var pattern = "yyyy-MM-dd"
}

/// The timeline screen's model.
@MainActor final class TimelineModel {
    nonisolated var unreadCount = 0
    nonisolated let style = DateStyle()
}
