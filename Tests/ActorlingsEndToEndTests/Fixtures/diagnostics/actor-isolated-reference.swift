// swiftc-flags: -default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault -enable-upcoming-feature InferIsolatedConformances
/// The shopping list behind the list screen: main actor state.
final class ShoppingList {
    var items: [String] = []
    var lastEdited: String?
}

/// Called by a widget extension from wherever it likes.
nonisolated func widgetSummary(of list: ShoppingList) -> String {
    "\(list.items.count) items"
}

nonisolated func markEdited(_ list: ShoppingList, item: String) {
    list.lastEdited = item
}
