// A music-streaming app, built in main actor mode. The session store keeps the user's access
// token: in memory while the app runs, and in a small file between launches. Every screen
// and every background download asks it for the token, so it is an actor.

/// Where the token lives between launches. The app uses `TokenFile` (TokenFile.swift); the tests
/// use a fake.
/// `nonisolated`, so that its requirements belong to no actor, and synchronous: calling it
/// from the store's actor is a plain call, not a suspension point.
nonisolated protocol TokenStorage: Sendable {
    func read() throws -> String?
    func write(_ token: String) throws
    func delete() throws
}

/// The signed-in user's access token. `nil` means signed out.
/// No method awaits anything: each one runs from start to end before another one starts.
actor SessionStore {
    private let storage: any TokenStorage
    private var token: String?
    private var loaded = false

    init(storage: any TokenStorage) {
        self.storage = storage
    }

    func currentToken() throws -> String? {
        if !loaded {
            loaded = true  // read the file once, however the read goes
            token = try storage.read()
        }
        return token
    }

    func signIn(with newToken: String) throws {
        try storage.write(newToken)
        token = newToken
        loaded = true
    }

    func signOut() throws {
        try storage.delete()
        token = nil
        loaded = true
    }
}
