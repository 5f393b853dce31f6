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

/// The state behind the recipe editor.
@MainActor final class RecipeEditor {
    var title: String
    var ingredients: [String] = []

    init(title: String) {
        self.title = title
    }

    /// Exports the recipe as it is when the user taps Export.
    func exportRecipe(to folder: any ExportFolder) async throws {
        try await export(self, as: "\(title).txt", to: folder)
    }
}

// TODO: the compiler refuses this conformance: `plainText()` reads the editor's main-actor
// state, but the protocol lets anyone call it from anywhere. Once the conformance compiles,
// the compiler objects to the export, which runs off the main actor while the user may still
// be typing into the editor.

extension RecipeEditor: PlainTextConvertible {
    func plainText() -> String {
        ([title] + ingredients.map { "- \($0)" }).joined(separator: "\n")
    }
}
