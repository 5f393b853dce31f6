// A music-streaming app, built in main actor mode. The session store keeps the user's access
// token: in memory while the app runs, and in a small file between launches. Every screen
// and every background download asks it for the token, so it is an actor.

// TODO: users who sign out while a screen loads their token are sometimes still signed in
// afterwards, and a sign-in during a load can be undone by it. The store must be right after
// every call, whatever other calls come in meanwhile. The token file is small, on the device,
// and reading or writing it is safe from any thread, at any time.

/// Where the token lives between launches. The app uses `TokenFile` (TokenFile.swift); the tests
/// use a fake.
protocol TokenStorage: Sendable {
    func read() async throws -> String?
    func write(_ token: String) async throws
    func delete() async throws
}

/// The signed-in user's access token. `nil` means signed out.
actor SessionStore {
    private let storage: any TokenStorage
    private var token: String?
    private var loaded = false

    init(storage: any TokenStorage) {
        self.storage = storage
    }

    func currentToken() async throws -> String? {
        if !loaded {
            token = try await storage.read()
            loaded = true
        }
        return token
    }

    func signIn(with newToken: String) async throws {
        try await storage.write(newToken)
        token = newToken
        loaded = true
    }

    func signOut() async throws {
        try await storage.delete()
        token = nil
        loaded = true
    }
}
