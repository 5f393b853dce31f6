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

    /// The rider changed the text in the search field.
    /// The lookup of the text it replaces is of no use any more: it is cancelled first, and a
    /// lookup that is cancelled shows nothing, even if its answer comes back.
    func textChanged(to text: String) {
        lookup?.cancel()
        lookup = Task {
            // Debounce: wait until the rider pauses typing before asking the server.
            do { try await Task.sleep(for: .milliseconds(150)) } catch { return }
            let found = (try? await directory.stops(startingWith: text)) ?? []
            guard !Task.isCancelled else { return }
            suggestions = found
        }
    }

    /// The rider closed the picker: no lookup outlives it.
    func close() {
        lookup?.cancel()
    }
}
