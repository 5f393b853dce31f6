import Testing
@testable import AwaitDontBlock

// This test module is built in main actor mode too: the tests, the fake client and the
// episode list all take turns on the main actor.

/// A feed client whose downloads wait until the test answers them.
final class ControlledFeedClient: FeedClient {
    private var pending: [CheckedContinuation<[Episode], any Error>] = []
    private(set) var requests = 0

    func episodes(of podcast: String) async throws -> [Episode] {
        requests += 1
        return try await withCheckedThrowingContinuation { continuation in
            pending.append(continuation)
        }
    }

    /// Gives the app up to 1,000 turns on the main actor (far more than it needs) to ask for
    /// the feed; returns whether a download is waiting for an answer.
    func downloadStarted() async -> Bool {
        var turns = 0
        while pending.isEmpty && turns < 1_000 {
            await Task.yield()
            turns += 1
        }
        return !pending.isEmpty
    }

    func respond(with episodes: [Episode]) {
        nextDownload()?.resume(returning: episodes)
    }

    func fail() {
        nextDownload()?.resume(throwing: NetworkError())
    }

    private func nextDownload() -> CheckedContinuation<[Episode], any Error>? {
        guard !pending.isEmpty else {
            Issue.record("no download is waiting for an answer")
            return nil
        }
        return pending.removeFirst()
    }

    struct NetworkError: Error {}
}

/// Plays SwiftUI's `.refreshable`: it awaits `refresh()`, and the spinner turns until it returns.
final class PullToRefresh {
    private(set) var hasReturned = false
    private var task: Task<Void, Never>?

    init(_ list: EpisodeList) {
        let refresh: () async -> Void = list.refresh
        task = Task {
            await refresh()
            self.hasReturned = true
        }
    }

    func waitUntilItReturns() async {
        await task?.value
    }
}

private let firstFeed = [Episode(title: "Actors"), Episode(title: "Sendable")]
private let secondFeed = [Episode(title: "Regions"), Episode(title: "Actors"), Episode(title: "Sendable")]

/// Serialized, so that failures are reported in this order: the first one is the first to fix.
@Suite(.serialized) struct EpisodeListTests {
    @Test func refreshReturnsOnceTheListIsUpToDate() async {
        let client = ControlledFeedClient()
        let list = EpisodeList(podcast: "Swift Weekly", client: client)
        let pullToRefresh = PullToRefresh(list)
        #expect(await client.downloadStarted(), "refresh() should ask the client for the feed")
        #expect(
            !pullToRefresh.hasReturned,
            "refresh() returned before the download finished: await the download in it, don't start a task the spinner can't wait for"
        )
        #expect(list.isRefreshing, "the spinner shows while the feed downloads")
        client.respond(with: firstFeed)
        await pullToRefresh.waitUntilItReturns()
        #expect(list.episodes == firstFeed, "when refresh() returns, the list shows the new feed")
        #expect(!list.isRefreshing)
        #expect(list.errorMessage == nil)
    }

    @Test func theListStaysUsableWhileTheFeedDownloads() async {
        let client = ControlledFeedClient()
        let list = EpisodeList(podcast: "Swift Weekly", client: client)
        let firstLoad = PullToRefresh(list)
        #expect(await client.downloadStarted())
        client.respond(with: firstFeed)
        await firstLoad.waitUntilItReturns()

        let pullToRefresh = PullToRefresh(list)
        #expect(await client.downloadStarted())
        // The download is waiting for the network, and the main actor is free:
        #expect(list.isRefreshing, "the spinner shows while the feed downloads")
        list.markPlayed("Sendable")
        #expect(list.episodes.map(\.isPlayed) == [false, true], "the user can use the list during the download")
        client.respond(with: secondFeed)
        await pullToRefresh.waitUntilItReturns()
        #expect(!list.isRefreshing)
        #expect(list.episodes.map(\.title) == ["Regions", "Actors", "Sendable"])
        #expect(list.episodes.map(\.isPlayed) == [false, false, true], "what was played meanwhile stays played")
    }

    @Test func aFailedRefreshKeepsTheListAndExplains() async {
        let client = ControlledFeedClient()
        let list = EpisodeList(podcast: "Swift Weekly", client: client)
        let firstLoad = PullToRefresh(list)
        #expect(await client.downloadStarted())
        client.respond(with: firstFeed)
        await firstLoad.waitUntilItReturns()

        let pullToRefresh = PullToRefresh(list)
        #expect(await client.downloadStarted())
        client.fail()
        await pullToRefresh.waitUntilItReturns()
        #expect(list.episodes == firstFeed)
        #expect(!list.isRefreshing)
        #expect(list.errorMessage == "Couldn't refresh “Swift Weekly”. Pull to try again.")
        #expect(client.requests == 2)
    }

    @Test func reloadCanBeAwaitedOnItsOwn() async throws {
        let client = ControlledFeedClient()
        let list = EpisodeList(podcast: "Swift Weekly", client: client)
        let reloadFeed: () async throws -> Void = list.reload
        let reload = Task { try await reloadFeed() }
        #expect(await client.downloadStarted())
        #expect(list.episodes.isEmpty, "the list changes only once the download is done")
        client.respond(with: firstFeed)
        try await reload.value
        #expect(list.episodes == firstFeed)
    }
}
