import Foundation
import InterleavingHarness
import Synchronization
import Testing

@testable import SuspensionFreeActor

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// A probe for the main actor that asks the runtime, not the thread: the conformance below is
/// isolated to the main actor, so a dynamic cast to it succeeds only on the main actor.
nonisolated protocol OnTheMainActor {}
nonisolated struct MainActorProbe: Sendable {}
extension MainActorProbe: @MainActor OnTheMainActor {}

nonisolated func isOnTheMainActor() -> Bool {
    let probe: any Sendable = MainActorProbe()
    return probe is any OnTheMainActor
}

/// A fake token file that the tests control. It answers both ways a storage contract can ask:
/// synchronously, at once, or asynchronously, in which case a read can be held until the test
/// releases it, so that the test decides what happens while the store waits.
nonisolated final class FakeTokenFile: TokenStorage {
    private struct State {
        var contents: String?
        var failsChanges = false
        var failsNextRead = false
        var holdingReads = false
        var heldReads: [CheckedContinuation<Void, Never>] = []
        var awaitedCalls = 0
        var callsOnTheMainActor = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var woken: Set<Int> = []
        var nextWaiter = 0
    }

    private let state: Mutex<State>

    init(contents: String?) {
        state = Mutex(State(contents: contents))
    }

    var contents: String? { state.withLock { $0.contents } }

    struct ReadOnlyVolume: Error {}

    /// A read that failed: the file is locked, as after a reboot until the user unlocks the phone.
    struct Locked: Error {}

    /// The next read fails with `Locked`; the one after it reads the file again.
    func failNextRead() {
        state.withLock { $0.failsNextRead = true }
    }

    /// From now on, writing and deleting fail, as on a volume mounted read-only.
    func failChanges() {
        state.withLock { $0.failsChanges = true }
    }

    /// How many times the store awaited its storage.
    var awaitedCalls: Int { state.withLock { $0.awaitedCalls } }

    /// How many times the store's storage was called on the main actor, not on the store's.
    var callsOnTheMainActor: Int { state.withLock { $0.callsOnTheMainActor } }

    // Synchronous: what a store without suspension points calls.

    func read() throws -> String? {
        let onMain = isOnTheMainActor()
        let (contents, failed) = state.withLock { state in
            if onMain { state.callsOnTheMainActor += 1 }
            defer { state.failsNextRead = false }
            return (state.contents, state.failsNextRead)
        }
        if failed { throw Locked() }
        return contents
    }

    func write(_ token: String) throws {
        let onMain = isOnTheMainActor()
        let failed = state.withLock { state in
            if onMain { state.callsOnTheMainActor += 1 }
            if !state.failsChanges { state.contents = token }
            return state.failsChanges
        }
        if failed { throw ReadOnlyVolume() }
    }

    func delete() throws {
        let onMain = isOnTheMainActor()
        let failed = state.withLock { state in
            if onMain { state.callsOnTheMainActor += 1 }
            if !state.failsChanges { state.contents = nil }
            return state.failsChanges
        }
        if failed { throw ReadOnlyVolume() }
    }

    // Asynchronous: what a store that awaits its storage calls. A read returns what the file
    // held when the read started, and it may be held back until the test releases it.

    func read() async throws -> String? {
        let (contents, hold, failed) = state.withLock { state in
            state.awaitedCalls += 1
            defer { state.failsNextRead = false }
            return (state.contents, state.holdingReads, state.failsNextRead)
        }
        if failed { throw Locked() }
        if hold {
            await withCheckedContinuation { continuation in
                let waiters = state.withLock { state in
                    state.heldReads.append(continuation)
                    defer { state.waiters.removeAll() }
                    return Array(state.waiters.values)
                }
                waiters.forEach { $0.resume() }
            }
        }
        return contents
    }

    func write(_ token: String) async throws {
        let failed = state.withLock { state in
            state.awaitedCalls += 1
            if !state.failsChanges { state.contents = token }
            return state.failsChanges
        }
        if failed { throw ReadOnlyVolume() }
    }

    func delete() async throws {
        let failed = state.withLock { state in
            state.awaitedCalls += 1
            if !state.failsChanges { state.contents = nil }
            return state.failsChanges
        }
        if failed { throw ReadOnlyVolume() }
    }

    /// From now on, asynchronous reads wait until `releaseReads()`.
    func holdReads() {
        state.withLock { $0.holdingReads = true }
    }

    func releaseReads() {
        let held = state.withLock { state in
            state.holdingReads = false
            defer { state.heldReads.removeAll() }
            return state.heldReads
        }
        held.forEach { $0.resume() }
    }

    /// Returns once a read is held, or once `task` has finished without holding one.
    func waitForHeldRead<Success: Sendable>(orEndOf task: Task<Success, any Error>) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        Task {
            _ = await task.result
            wake(id)
        }
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                guard state.heldReads.isEmpty, !state.woken.contains(id) else { return true }
                state.waiters[id] = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func wake(_ id: Int) {
        let waiter = state.withLock { state in
            state.woken.insert(id)
            return state.waiters.removeValue(forKey: id)
        }
        waiter?.resume()
    }
}

@Test func signInAndOut() async throws {
    let file = FakeTokenFile(contents: nil)
    let store = SessionStore(storage: file)
    #expect(try await store.currentToken() == nil)
    try await store.signIn(with: "tok-1")
    #expect(try await store.currentToken() == "tok-1")
    #expect(file.contents == "tok-1")
    try await store.signOut()
    #expect(try await store.currentToken() == nil)
    #expect(file.contents == nil)
}

@Test func aChangeTheFileRefusedChangesNothing() async throws {
    let file = FakeTokenFile(contents: "old-token")
    let store = SessionStore(storage: file)
    file.failChanges()
    await #expect(throws: FakeTokenFile.ReadOnlyVolume.self, "signing in failed to save the token, yet the store reported success") {
        try await store.signIn(with: "new-token")
    }
    #expect(try await store.currentToken() == "old-token", "the new token was not saved, yet the store hands it out: the next launch would not find it")
    await #expect(throws: FakeTokenFile.ReadOnlyVolume.self, "signing out failed to delete the token, yet the store reported success") {
        try await store.signOut()
    }
    #expect(try await store.currentToken() == "old-token", "the token is still in the file, yet the store forgot it: the next launch would sign in again")
}

@Test func aFailedReadIsTriedAgain() async throws {
    let file = FakeTokenFile(contents: "tok-saved")
    let store = SessionStore(storage: file)
    file.failNextRead()
    await #expect(throws: FakeTokenFile.Locked.self, "the token file could not be read, yet the store answered") {
        try await store.currentToken()
    }
    let token = try await store.currentToken()
    #expect(
        token == "tok-saved",
        "the first read of the token file failed, and the next load gave \(token ?? "nil") although the file holds “tok-saved”: the user looks signed out until the next launch. A read that failed loaded nothing: read the file again next time"
    )
}

@Test func theNextLaunchFindsTheToken() async throws {
    // Each launch makes a new store, on the same file.
    let file = TokenFile.newInTemporaryFolder()
    try await SessionStore(storage: file).signIn(with: "tok-2")
    #expect(try await SessionStore(storage: file).currentToken() == "tok-2")
    try await SessionStore(storage: file).signOut()
    #expect(try await SessionStore(storage: file).currentToken() == nil)
}

@Test func signingOutWhileTheTokenLoadsStaysSignedOut() async throws {
    let file = FakeTokenFile(contents: "old-token")
    let store = SessionStore(storage: file)
    file.holdReads()
    let load = Task { try await store.currentToken() }
    await file.waitForHeldRead(orEndOf: load)
    // If the store is waiting for its storage now, the user signs out meanwhile.
    try await store.signOut()
    file.releaseReads()
    _ = try await load.value
    let token = try await store.currentToken()
    #expect(token == nil, "the user signed out, yet the store hands out the old token")
    #expect(file.contents == nil)
}

@Test func signingInWhileTheTokenLoadsStaysSignedIn() async throws {
    let file = FakeTokenFile(contents: nil)
    let store = SessionStore(storage: file)
    file.holdReads()
    let load = Task { try await store.currentToken() }
    await file.waitForHeldRead(orEndOf: load)
    try await store.signIn(with: "new-token")
    file.releaseReads()
    _ = try await load.value
    let token = try await store.currentToken()
    #expect(token == "new-token", "the user signed in, yet the store forgot the new token")
}

@Test func theStoreNeverWaitsForItsStorage() async throws {
    let file = FakeTokenFile(contents: "tok-3")
    let store = SessionStore(storage: file)
    _ = try await store.currentToken()
    try await store.signIn(with: "tok-4")
    try await store.signOut()
    #expect(file.awaitedCalls == 0, "each `await` on the storage is a suspension point, where other calls get in")
    #expect(
        file.callsOnTheMainActor == 0,
        "the storage ran on the main actor: without `nonisolated`, its protocol's requirements are main-actor code, and each call is an `await`ed hop, a suspension point where other calls get in"
    )
}

/// A token file that stops the program when the store calls it synchronously anywhere but on the
/// store's own actor. It answers the asynchronous calls too, like `FakeTokenFile`, without a check:
/// other tests reject those.
nonisolated final class StoreBoundTokenFile: TokenStorage {
    private let stored = Mutex<String?>(nil)
    private let store = Mutex<SessionStore?>(nil)

    /// From now on, every synchronous call must come from `store`'s actor.
    func bind(to store: SessionStore) {
        self.store.withLock { $0 = store }
    }

    private func requireTheStoresActor() {
        store.withLock { $0 }?.preconditionIsolated("the store called its file off its own actor")
    }

    func read() throws -> String? {
        requireTheStoresActor()
        return stored.withLock { $0 }
    }

    func write(_ token: String) throws {
        requireTheStoresActor()
        stored.withLock { $0 = token }
    }

    func delete() throws {
        requireTheStoresActor()
        stored.withLock { $0 = nil }
    }

    func read() async throws -> String? { stored.withLock { $0 } }
    func write(_ token: String) async throws { stored.withLock { $0 = token } }
    func delete() async throws { stored.withLock { $0 = nil } }
}

/// The exploring test below can't see a file written off the store's actor: its schedule runs each
/// step whole, so a write and the request to come back to the store after it are one step, and the
/// store takes the calls that come back in the order they wrote. In an app, the thread that wrote
/// first can come back last. So this test checks the cause itself, in a process of its own (a call
/// off the actor stops that process).
@Test func theStoreCallsItsFileOnItsOwnActor() async {
    await #expect(
        processExitsWith: .success,
        "the store read or wrote its file off its own actor (in a `@concurrent` helper?): the file changes in one visit to the store and the token in the next, and a sign-in or sign-out that gets in between leaves the store handing out a token the file no longer holds. Call the file from the store's own methods, with no `await` between the file and the token"
    ) {
        let file = StoreBoundTokenFile()
        let store = SessionStore(storage: file)
        file.bind(to: store)
        _ = try await store.currentToken()
        try await store.signIn(with: "tok-5")
        try await store.signOut()
    }
}

/// A token file that takes a while over each asynchronous call (other calls may run meanwhile)
/// and notes each step in the trace a failing schedule shows. It answers both ways a storage
/// contract can ask, like `FakeTokenFile`.
nonisolated final class SlowTokenFile: TokenStorage {
    private let stored: Mutex<String?>

    init(contents: String?) {
        stored = Mutex(contents)
    }

    var contents: String? { stored.withLock { $0 } }

    // Synchronous: what a store without suspension points calls.

    func read() throws -> String? { readNow() }
    func write(_ token: String) throws { writeNow(token) }
    func delete() throws { deleteNow() }

    // Asynchronous: each call takes a while before and after it reaches the file, and other
    // calls may run meanwhile.

    func read() async throws -> String? {
        await Interleavings.pause()
        let contents = readNow()
        await Interleavings.pause()
        return contents
    }

    func write(_ token: String) async throws {
        await Interleavings.pause()
        writeNow(token)
        await Interleavings.pause()
    }

    func delete() async throws {
        await Interleavings.pause()
        deleteNow()
        await Interleavings.pause()
    }

    private func readNow() -> String? {
        let contents = stored.withLock { $0 }
        Interleavings.note("the file reads \(contents ?? "no token")")
        return contents
    }

    private func writeNow(_ token: String) {
        stored.withLock { $0 = token }
        Interleavings.note("the file now holds \(token)")
    }

    private func deleteNow() {
        stored.withLock { $0 = nil }
        Interleavings.note("the file is deleted")
    }
}

/// A screen and a widget loading the token, a sign-in and a sign-out, all at once, in two hundred
/// orders (seeded, the same on every machine): whatever the order, the store ends up handing out
/// what its file holds, so that the next launch agrees with what the user saw last.
@Test func everyOrderOfTwoLoadsASignInAndASignOutAgreesWithTheFile() async {
    await Interleavings.explore(schedules: 200, settlesMainActor: true) {
        let file = SlowTokenFile(contents: "old-token")
        let store = SessionStore(storage: file)
        @Sendable func load() async throws {
            let token = try await store.currentToken()
            Interleavings.note("gets \(token ?? "no token")")
        }
        try await Interleavings.concurrently([
            ("screen", load),
            ("widget", load),
            ("sign-in", { try await store.signIn(with: "new-token") }),
            ("sign-out", { try await store.signOut() }),
        ])
        let token = try await store.currentToken()
        let contents = file.contents
        try Interleavings.check(
            token == contents,
            "the store and its file disagree: the store hands out \(token ?? "no token") while the file holds "
                + "\(contents ?? "no token"), because a call got in while another one was suspended: every `await` "
                + "in the store, even a hop off its actor and back, is a point where other calls get in")
    }
}
