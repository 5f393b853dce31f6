import Foundation
import Synchronization
import Testing
@testable import ConcurrentRepository

// This test module is built in main actor mode too: every `@Test` here runs on the main actor.

/// Names the isolation domain that `#isolation` reported.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "another actor"
}

/// A fake park service with canned replies. Its method is nonisolated and not `@concurrent`,
/// so it runs wherever it is called from, and records where that was.
nonisolated final class FakeTrailSource: TrailSource {
    private let replies: [String: Result<String, NetworkError>]
    private let callers = Mutex<[String]>([])

    init(_ replies: [String: Result<String, NetworkError>]) {
        self.replies = replies
    }

    var calledFrom: [String] {
        callers.withLock { $0 }
    }

    func trailsJSON(for park: String) async throws(NetworkError) -> Data {
        let isolation = #isolation
        callers.withLock { $0.append(describe(isolation)) }
        return Data(try (replies[park] ?? .failure(.status(404))).get().utf8)
    }
}

/// A fake offline store. The app's store is an actor; this one records what it was given,
/// and where the repository was running when it saved.
nonisolated final class FakeOfflineStore: OfflineStore {
    private let saved = Mutex<[(park: String, trails: [Trail], from: String)]>([])

    var parks: [String] { saved.withLock { $0.map(\.park) } }
    var trails: [[Trail]] { saved.withLock { $0.map(\.trails) } }
    var savedFrom: [String] { saved.withLock { $0.map(\.from) } }

    func save(_ trails: [Trail], for park: String) async {
        let isolation = #isolation
        saved.withLock { $0.append((park, trails, describe(isolation))) }
    }
}

private let yosemite = #"[{"name": "Mist Trail", "meters": 4800}, {"name": "Four Mile Trail", "meters": 7700}]"#

private func screen(_ replies: [String: Result<String, NetworkError>], store: FakeOfflineStore = FakeOfflineStore()) -> ParkScreen {
    ParkScreen(repository: ParkTrailRepository(source: FakeTrailSource(replies), store: store))
}

// These two compile only if the contracts say what they throw.

private func failure(of repository: any TrailRepository, in park: String) async -> TrailError? {
    do {
        _ = try await repository.trails(in: park)
        return nil
    } catch {
        return error  // `error` is a `TrailError` only if the contract says `throws(TrailError)`
    }
}

private func failure(of source: any TrailSource, for park: String) async -> NetworkError? {
    do {
        _ = try await source.trailsJSON(for: park)
        return nil
    } catch {
        return error  // `error` is a `NetworkError` only if the contract says `throws(NetworkError)`
    }
}

@Test func theScreenListsTheTrails() async {
    let park = screen(["yosemite": .success(yosemite)])
    await park.open("yosemite")
    #expect(park.lines == ["Mist Trail: 4.8 km", "Four Mile Trail: 7.7 km"])
}

@Test func theScreenExplainsEachError() async {
    let park = screen(["zion": .failure(.offline), "acadia": .failure(.status(503)), "denali": .success("<html>")])
    await park.open("zion")
    #expect(park.lines == ["You're offline: connect to see the trails."])
    await park.open("narnia")
    #expect(park.lines == ["There is no park called narnia."])
    await park.open("acadia")
    #expect(park.lines == ["The park service sent something odd. Try again later."])
    await park.open("denali")
    #expect(park.lines == ["The park service sent something odd. Try again later."])
}

@Test func errorsKeepTheirTypeThroughTheContracts() async {
    let source = FakeTrailSource(["zion": .failure(.offline)])
    let repository = ParkTrailRepository(source: source, store: FakeOfflineStore())
    #expect(await failure(of: source, for: "zion") == .offline)
    #expect(await failure(of: repository, in: "zion") == .offline)
    #expect(await failure(of: repository, in: "narnia") == .unknownPark("narnia"))
}

@Test func theRepositoryKeepsAnOfflineCopy() async {
    let store = FakeOfflineStore()
    await screen(["yosemite": .success(yosemite)], store: store).open("yosemite")
    #expect(store.parks == ["yosemite"])
    #expect(store.trails.first?.map(\.name) == ["Mist Trail", "Four Mile Trail"])
}

@Test func theRepositoryWorksOffTheMainActor() async {
    let source = FakeTrailSource(["yosemite": .success(yosemite)])
    let store = FakeOfflineStore()
    await ParkScreen(repository: ParkTrailRepository(source: source, store: store)).open("yosemite")
    #expect(source.calledFrom == ["no actor"], "the repository downloaded from the main actor")
    #expect(store.savedFrom == ["no actor"], "the repository decoded, mapped and saved on the main actor")
}

@Test func theRepositoryWorksOffTheMainActorWhenCalledDirectly() async throws {
    let store = FakeOfflineStore()
    let repository = ParkTrailRepository(source: FakeTrailSource(["yosemite": .success(yosemite)]), store: store)
    _ = try await repository.trails(in: "yosemite")
    #expect(store.savedFrom == ["no actor"],
            "called on the concrete type, the repository's method ran on its caller's actor: the implementation needs `@concurrent` too")
}

@Test func anySourceLeavesItsCallersActorThroughTheContract() async {
    let source: any TrailSource = FakeTrailSource(["yosemite": .success(yosemite)])
    _ = await failure(of: source, for: "yosemite")
    #expect((source as? FakeTrailSource)?.calledFrom == ["no actor"],
            "called through the contract from the main actor, the source ran there: its requirement needs `@concurrent`")
}
