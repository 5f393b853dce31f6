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

    /// The rider changed the text in the search field: the lookup of the text it replaces is
    /// cancelled first, and one that was cancelled while it waited brings back nothing.
    func textChanged(to text: String) {
        lookup?.cancel()
        lookup = Task {
            let query = await Self.normalized(text)
            guard await Self.isSearchable(query) else { return }
            guard let found = await Self.stops(startingWith: query, in: directory) else { return }
            suggestions = found
        }
    }

    /// Asks the directory off the main actor; nil when the lookup was cancelled meanwhile, since
    /// its answer is then of no use.
    /// The text as the server expects it: no spaces around it.
    @concurrent private static func normalized(_ text: String) async -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Whether the text is worth a request to the server.
    @concurrent private static func isSearchable(_ text: String) async -> Bool {
        !text.isEmpty
    }

    @concurrent private static func stops(startingWith text: String, in directory: any StopDirectory) async -> [String]? {
        let found = (try? await directory.stops(startingWith: text)) ?? []
        return Task.isCancelled ? nil : found
    }

    /// The rider closed the picker: no lookup outlives it.
    func close() {
        lookup?.cancel()
    }
}
