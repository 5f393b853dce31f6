import Synchronization
import Testing
@testable import IsolatedConformance

/// A fake export folder that records the files written. Creating a file waits until the test
/// opens the folder, so that the test can edit the recipe while an export is under way.
final class GatedFolder: ExportFolder {
    private struct State {
        var isOpen = false
        var creating: CheckedContinuation<Void, Never>?
        var test: CheckedContinuation<Void, Never>?
        var reached = false
        var files: [String: String] = [:]
    }

    private let state = Mutex(State())

    var files: [String: String] { state.withLock { $0.files } }

    func create(_ name: String) async throws {
        await withCheckedContinuation { continuation in
            let (test, open) = state.withLock { state in
                state.reached = true
                state.files[name] = ""
                defer { state.test = nil }
                if !state.isOpen { state.creating = continuation }
                return (state.test, state.isOpen)
            }
            test?.resume()
            if open { continuation.resume() }
        }
    }

    func write(_ text: String, to name: String) async throws {
        state.withLock { $0.files[name] = text }
    }

    /// Returns once an export has started creating its file.
    func waitUntilCreating() async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                if !state.reached { state.test = continuation }
                return state.reached
            }
            if reached { continuation.resume() }
        }
    }

    func open() {
        let creating = state.withLock { state in
            state.isOpen = true
            defer { state.creating = nil }
            return state.creating
        }
        creating?.resume()
    }
}

@MainActor private func pancakes() -> RecipeEditor {
    let editor = RecipeEditor(title: "Pancakes")
    editor.ingredients = ["flour", "milk", "eggs"]
    return editor
}

@Test @MainActor func theShareSheetPreviewsTheEditor() {
    #expect(preview(of: pancakes()) == "Pancakes\n- flour\n- m")
}

@Test @MainActor func anExportWritesTheRecipe() async throws {
    let folder = GatedFolder()
    folder.open()
    try await pancakes().exportRecipe(to: folder)
    #expect(folder.files == ["Pancakes.txt": "Pancakes\n- flour\n- milk\n- eggs"])
}

@Test @MainActor func anExportKeepsTheRecipeAsItWasWhenTheUserTappedExport() async throws {
    let folder = GatedFolder()
    let editor = pancakes()
    let exporting = Task { try await editor.exportRecipe(to: folder) }
    await folder.waitUntilCreating()       // the export is under way, off the main actor…
    editor.ingredients.append("blueberries")  // …and the user goes on editing
    editor.title = "Blueberry pancakes"
    folder.open()
    try await exporting.value
    #expect(folder.files == ["Pancakes.txt": "Pancakes\n- flour\n- milk\n- eggs"],
            "the export read the editor after the user changed it: export a Sendable copy of the recipe, made when the user tapped Export")
}

/// A type of the share sheet library's own: its conformance belongs to no actor.
struct ShoppingList: PlainTextConvertible, Sendable {
    let items: [String]

    func plainText() -> String {
        items.joined(separator: ", ")
    }
}

@concurrent private func textOffTheMainActor(_ item: some PlainTextConvertible & Sendable) async -> String {
    item.plainText()
}

@Test func theSharingProtocolStillWorksFromAnywhere() async {
    #expect(await textOffTheMainActor(ShoppingList(items: ["rice", "beans"])) == "rice, beans")
}

/// The library's `export`, as shipped: it exports any `PlainTextConvertible & Sendable` item.
/// It isn't yours to change; if it no longer has this shape, this line doesn't compile.
typealias TheLibrarysExportAsShipped = (ShoppingList, String, any ExportFolder) async throws -> Void

@Test func theLibrarysExportStillTakesAnySendableItem() async throws {
    let libraryExport: TheLibrarysExportAsShipped = export(_:as:to:)
    let folder = GatedFolder()
    folder.open()
    try await libraryExport(ShoppingList(items: ["rice", "beans"]), "Shopping.txt", folder)
    #expect(folder.files == ["Shopping.txt": "rice, beans"])
}
