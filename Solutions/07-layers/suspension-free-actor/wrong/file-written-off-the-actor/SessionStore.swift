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
actor SessionStore {
    private let storage: any TokenStorage
    private var token: String?
    private var loaded = false

    init(storage: any TokenStorage) {
        self.storage = storage
    }

    func currentToken() throws -> String? {
        if !loaded {
            token = try storage.read()
            loaded = true
        }
        return token
    }

    func signIn(with newToken: String) async throws {
        try await Self.save(newToken, to: storage)
        token = newToken
        loaded = true
    }

    func signOut() async throws {
        try await Self.save(nil, to: storage)
        token = nil
        loaded = true
    }

    /// Writes the file off the store's actor, so that screens asking for the token need not wait
    /// for the disk.
    @concurrent private static func save(_ token: String?, to storage: any TokenStorage) async throws {
        if let token {
            try storage.write(token)
        } else {
            try storage.delete()
        }
    }
}
