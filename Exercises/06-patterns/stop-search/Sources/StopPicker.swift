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
    /// The lookup started by the last change of the text.
    private(set) var lookup: Task<Void, Never>?

    init(directory: any StopDirectory) {
        self.directory = directory
    }

    // TODO: riders report that after typing "Cen" and then "Centr" quickly, the list sometimes
    // shows the stops for "Cen" again once those for "Centr" have appeared. The agency reports
    // that the app keeps every request open until its answer comes, even for a text the rider
    // has typed past, and even after the picker has been closed.

    /// The rider changed the text in the search field.
    func textChanged(to text: String) {
        lookup = Task {
            let found = (try? await directory.stops(startingWith: text)) ?? []
            suggestions = found
        }
    }

    /// The rider closed the picker.
    func close() {
    }
}
