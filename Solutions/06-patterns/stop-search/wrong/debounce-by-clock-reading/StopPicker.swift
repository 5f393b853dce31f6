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
    /// When the text last changed.
    private var lastChange = ContinuousClock.now

    init(directory: any StopDirectory) {
        self.directory = directory
    }

    /// The rider changed the text in the search field: the lookup of the text it replaces is
    /// cancelled first, and one that was cancelled while it waited brings back nothing.
    func textChanged(to text: String) {
        lookup?.cancel()
        lastChange = ContinuousClock.now
        lookup = Task {
            // Debounce: ask the server only once the rider has paused typing for 150 ms.
            try? await Task.sleep(for: .milliseconds(150))
            guard ContinuousClock.now - lastChange >= .milliseconds(150) else { return }
            guard let found = await Self.stops(startingWith: text, in: directory) else { return }
            suggestions = found
        }
    }

    /// Asks the directory off the main actor; nil when the lookup was cancelled meanwhile, since
    /// its answer is then of no use.
    @concurrent private static func stops(startingWith text: String, in directory: any StopDirectory) async -> [String]? {
        let found = (try? await directory.stops(startingWith: text)) ?? []
        return Task.isCancelled ? nil : found
    }

    /// The rider closed the picker: no lookup outlives it.
    func close() {
        lookup?.cancel()
    }
}
