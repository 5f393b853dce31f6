// A transit app, built in main actor mode. The stop picker suggests stops while the rider types
// the name of one.

/// The transit agency's directory of stops. The app asks its server; the tests use a fake.
nonisolated protocol StopDirectory: Sendable {
    /// The stops whose names start with `text`. The server answers when it answers: a request
    /// that is no longer wanted still comes back, unless the caller stops waiting for it.
    func stops(startingWith text: String) async throws -> [String]
}

/// The state behind the stop picker.
final class StopPicker {
    private let directory: any StopDirectory
    /// The stops the list shows.
    private(set) var suggestions: [String] = []
    /// Counts the changes of the text: a lookup shows its answer only if no change came after it.
    private var generation = 0
    /// The lookup started by the last change of the text.
    private(set) var lookup: Task<Void, Never>?

    init(directory: any StopDirectory) {
        self.directory = directory
    }

    /// The rider changed the text in the search field.
    func textChanged(to text: String) {
        lookup?.cancel()
        generation += 1
        let mine = generation
        lookup = Task {
            let found = (try? await directory.stops(startingWith: text)) ?? []
            guard mine == generation else { return }
            suggestions = found
        }
    }

    /// The rider closed the picker.
    func close() {
        lookup?.cancel()
        generation += 1
    }
}
