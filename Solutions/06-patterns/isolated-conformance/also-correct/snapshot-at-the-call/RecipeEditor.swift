// A recipe app's editor package, built in Swift 6 mode without main actor mode and without
// the approachable-concurrency features: what isn't marked belongs to no actor.

/// The share sheet library's protocol, older than Swift concurrency: it belongs to no actor,
/// so the library may ask for the text from anywhere. Don't change it.
protocol PlainTextConvertible {
    func plainText() -> String
}

/// Where exports go. The app writes files; the tests use a fake.
protocol ExportFolder: Sendable {
    func create(_ name: String) async throws
    func write(_ text: String, to name: String) async throws
}

/// The share sheet's preview, on the main actor.
@MainActor func preview(of item: some PlainTextConvertible) -> String {
    String(item.plainText().prefix(20))
}

/// Exports an item as a text file, off the main actor: a cookbook takes a while. The
/// library's function: don't change it.
@concurrent func export<Item: PlainTextConvertible & Sendable>(
    _ item: Item, as name: String, to folder: any ExportFolder
) async throws {
    try await folder.create(name)
    try await folder.write(item.plainText(), to: name)
}

/// A recipe as it is at one moment: a value, safe to send anywhere. It belongs to no actor,
/// so its conformance doesn't either.
struct RecipeText: PlainTextConvertible, Sendable {
    let title: String
    let ingredients: [String]

    func plainText() -> String {
        ([title] + ingredients.map { "- \($0)" }).joined(separator: "\n")
    }
}

/// The state behind the recipe editor.
@MainActor final class RecipeEditor {
    var title: String
    var ingredients: [String] = []

    init(title: String) {
        self.title = title
    }

    /// Exports the recipe as it is when the user taps Export.
    func exportRecipe(to folder: any ExportFolder) async throws {
        // A copy of the recipe as it is now: the export may take its time with it.
        let snapshot = RecipeText(title: title, ingredients: ingredients)
        try await export(snapshot, as: "\(title).txt", to: folder)
    }
}

// The editor conforms on the main actor only: its `plainText()` reads main-actor state.
extension RecipeEditor: @MainActor PlainTextConvertible {
    func plainText() -> String {
        ([title] + ingredients.map { "- \($0)" }).joined(separator: "\n")
    }
}
