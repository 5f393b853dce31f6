// swiftc-flags:
/// Keeps the user's session token: a class with mutable state, not Sendable.
final class SessionStore {
    var token = ""

    func refreshInBackground() {
        Task.detached {
            self.token = "refreshed"
        }
    }
}

/// The editor's model; its draft belongs to the main actor.
final class Draft {
    var body = ""
}

@MainActor final class EditorModel {
    var draft = Draft()

    func autosave() {
        let current = draft
        Task.detached {
            print("saving \(current.body.count) characters")
        }
    }
}
