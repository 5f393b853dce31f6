// swiftc-flags:
/// The page size every list request uses.
nonisolated(unsafe) let pageSize = 50

@MainActor final class InboxModel {
    var messages: [String] = []

    nonisolated(unsafe) func clearBadge() {}
}
