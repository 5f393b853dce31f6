import InterleavingHarness
import Synchronization
import Testing

@testable import ReentrancyInFlightTasks

/// A fake loader that holds every download until the test finishes or fails it. Like a real
/// network, it stops a download whose task is cancelled, and that download throws
/// `CancellationError`.
nonisolated final class GatedLoader: ArtworkLoader {
    private struct Download {
        let id: Int
        let url: String
        let continuation: CheckedContinuation<Artwork, any Error>
    }

    private struct State {
        var requested: [String] = []
        var downloads: [Download] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var stoppedWaiting = false
        var nextID = 0
        /// Downloads cancelled before they were held.
        var cancelledEarly: Set<Int> = []
    }

    private let state = Mutex(State())

    /// Every URL the cache asked to download, in order.
    var requested: [String] {
        state.withLock { $0.requested }
    }

    func load(_ url: String) async throws -> Artwork {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (ready, cancelled) = state.withLock { state in
                    state.requested.append(url)
                    let ready = state.waiters.filter { $0.count <= state.requested.count }
                    state.waiters.removeAll { $0.count <= state.requested.count }
                    guard state.cancelledEarly.remove(id) == nil else { return (ready, true) }
                    state.downloads.append(Download(id: id, url: url, continuation: continuation))
                    return (ready, false)
                }
                ready.forEach { $0.continuation.resume() }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            stop(id)
        }
    }

    /// Stops the download `id`: its task was cancelled.
    private func stop(_ id: Int) {
        let stopped = state.withLock { state in
            guard let index = state.downloads.firstIndex(where: { $0.id == id }) else {
                state.cancelledEarly.insert(id)
                return nil as CheckedContinuation<Artwork, any Error>?
            }
            return state.downloads.remove(at: index).continuation
        }
        stopped?.resume(throwing: CancellationError())
    }

    /// Returns once the cache has asked for `count` downloads in all.
    func waitForRequests(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                guard state.requested.count < count, !state.stoppedWaiting else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// From now on, `waitForRequests(_:)` returns whether or not its downloads came.
    func stopWaiting() {
        let waiters = state.withLock { state in
            state.stoppedWaiting = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        waiters.forEach { $0.continuation.resume() }
    }

    func finish(_ url: String) {
        take(url).forEach { $0.resume(returning: Artwork(url: url, bytes: Array(url.utf8))) }
    }

    /// Fails the downloads of `url` the way a network does: with an error of its own.
    func fail(_ url: String) {
        take(url).forEach { $0.resume(throwing: DownloadFailed(url: url)) }
    }

    private func take(_ url: String) -> [CheckedContinuation<Artwork, any Error>] {
        state.withLock { state in
            let matching = state.downloads.filter { $0.url == url }.map(\.continuation)
            state.downloads.removeAll { $0.url == url }
            return matching
        }
    }
}

// How the tests control the interleaving: a request starts *on the cache's actor*, so it
// runs without interruption until it stops at an `await` (waiting for a download, its own
// or another one's). `quiet(_:)` also needs the cache's actor, so once it has run, the
// request has got as far as it can go without the loader. No sleeping, no guessing.

private func requestOnCache(
    _ url: String, from cache: isolated ArtworkCache,
    started: AsyncStream<Void>.Continuation
) async throws -> Artwork {
    started.yield()
    return try await cache.artwork(for: url)
}

private func quiet(_ cache: isolated ArtworkCache) {}

/// Starts a request and returns once it waits for a download or has its artwork.
private func startRequest(_ url: String, from cache: ArtworkCache) async -> Task<Artwork, any Error> {
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let request = Task { try await requestOnCache(url, from: cache, started: startedContinuation) }
    for await _ in started { break }
    await quiet(cache)
    return request
}

nonisolated private let swiftTalk = "https://example.com/swift-talk.png"
nonisolated private let deepDives = "https://example.com/deep-dives.png"

@Test func aSecondRequestIsServedFromMemory() async throws {
    let loader = GatedLoader()
    let cache = ArtworkCache(loader: loader)
    let first = await startRequest(swiftTalk, from: cache)
    await loader.waitForRequests(1)
    loader.finish(swiftTalk)
    #expect(try await first.value.url == swiftTalk)
    let second = try await cache.artwork(for: swiftTalk)
    #expect(second.bytes == Array(swiftTalk.utf8))
    #expect(loader.requested == [swiftTalk])
}

@Test func requestsForOneShowShareOneDownload() async throws {
    let loader = GatedLoader()
    let cache = ArtworkCache(loader: loader)
    let first = await startRequest(swiftTalk, from: cache)
    await loader.waitForRequests(1)
    // The first download is in flight. Two more episodes of the show ask for the artwork.
    let second = await startRequest(swiftTalk, from: cache)
    let third = await startRequest(swiftTalk, from: cache)
    #expect(
        loader.requested == [swiftTalk],
        "each request started a download of its own: checking the cache after the `await` comes too late; store the download in flight before it")
    loader.finish(swiftTalk)
    for request in [first, second, third] {
        #expect(try await request.value == Artwork(url: swiftTalk, bytes: Array(swiftTalk.utf8)))
    }
    #expect(loader.requested == [swiftTalk])
}

/// Which of two screens waiting for one show's artwork closes while the download is in flight.
nonisolated enum LeavingScreen: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case theFirst = "the screen that started the download"
    case aLaterOne = "a screen that waited for it"

    var testDescription: String { rawValue }
}

@Test(arguments: LeavingScreen.allCases)
func aScreenThatLeavesDoesNotStopTheDownloadOthersWaitFor(_ leaving: LeavingScreen) async throws {
    let loader = GatedLoader()
    let cache = ArtworkCache(loader: loader)
    let episodeList = await startRequest(swiftTalk, from: cache)
    await loader.waitForRequests(1)
    let player = await startRequest(swiftTalk, from: cache)
    // One screen closes while the download is in flight; the other one still waits for it.
    let (left, stays) = leaving == .theFirst ? (episodeList, player) : (player, episodeList)
    left.cancel()
    loader.finish(swiftTalk)
    let result = await stays.result
    #expect(
        throws: Never.self,
        "\(leaving.rawValue) left, and the other screen lost its artwork: the download is shared, so a request that leaves must not cancel the download other requests wait for"
    ) { try result.get() }
    _ = await left.result
    #expect(loader.requested == [swiftTalk])
}

@Test func differentShowsDownloadSideBySide() async throws {
    let loader = GatedLoader()
    let cache = ArtworkCache(loader: loader)
    let talk = await startRequest(swiftTalk, from: cache)
    let dives = await startRequest(deepDives, from: cache)
    // If this never returns, the second show waits for the first one's download.
    await loader.waitForRequests(2)
    loader.finish(deepDives)
    #expect(try await dives.value.url == deepDives)
    loader.finish(swiftTalk)
    #expect(try await talk.value.url == swiftTalk)
}

/// A download that failed, as the loader reports it.
struct DownloadFailed: Error, Equatable {
    let url: String
}

@Test func aFailedDownloadIsTriedAgain() async throws {
    let loader = GatedLoader()
    let cache = ArtworkCache(loader: loader)
    let first = await startRequest(swiftTalk, from: cache)
    await loader.waitForRequests(1)
    let second = await startRequest(swiftTalk, from: cache)
    loader.fail(swiftTalk)
    // Both requests get the download's own error: the screen tells a failure from a cancellation.
    await #expect(throws: DownloadFailed(url: swiftTalk)) { try await first.value }
    await #expect(throws: DownloadFailed(url: swiftTalk)) { try await second.value }
    // The failure is not cached: the next request downloads again.
    let downloadsSoFar = loader.requested.count
    let retry = await startRequest(swiftTalk, from: cache)
    Task {
        _ = await retry.result
        loader.stopWaiting()
    }
    await loader.waitForRequests(downloadsSoFar + 1)
    #expect(loader.requested.count == downloadsSoFar + 1, "the retry got the old failure instead of downloading again")
    loader.finish(swiftTalk)
    #expect(try await retry.value.url == swiftTalk)
    #expect(loader.requested.count == downloadsSoFar + 1)
}

/// A loader that takes a while over each download (other requests may reach the cache meanwhile),
/// stops a download whose task was cancelled, fails the first download of each of the `failing`
/// URLs, and notes each step in the trace a failing schedule shows. It sees a download that starts
/// while another one of the same URL is still in flight.
nonisolated final class SlowLoader: ArtworkLoader {
    private struct Downloads {
        var started: [String] = []
        var inFlight: [String: Int] = [:]
        var overlap: String?
    }

    private let downloads = Mutex(Downloads())
    let failing: Set<String>

    init(failing: Set<String> = []) {
        self.failing = failing
    }

    /// How many downloads of `url` the cache started.
    func downloadCount(of url: String) -> Int {
        downloads.withLock { $0.started.count { $0 == url } }
    }

    /// The first download that started while another one of its URL was in flight, if any.
    var overlap: String? {
        downloads.withLock { $0.overlap }
    }

    func load(_ url: String) async throws -> Artwork {
        let attempt = downloads.withLock { downloads in
            downloads.started.append(url)
            let attempt = downloads.started.count { $0 == url }
            if downloads.inFlight[url, default: 0] > 0, downloads.overlap == nil {
                downloads.overlap = "download \(attempt) of \(show(url)) started while another download of it was still in flight"
            }
            downloads.inFlight[url, default: 0] += 1
            return attempt
        }
        Interleavings.note("download \(attempt) of \(show(url)) starts")
        await Interleavings.pause()
        downloads.withLock { $0.inFlight[url, default: 0] -= 1 }
        // Like a real network, a download whose task was cancelled stops.
        try Task.checkCancellation()
        if attempt == 1, failing.contains(url) {
            Interleavings.note("download \(attempt) of \(show(url)) fails")
            throw DownloadFailed(url: url)
        }
        Interleavings.note("download \(attempt) of \(show(url)) finishes")
        return Artwork(url: url, bytes: Array(url.utf8))
    }
}

/// Which screens have had their answer, and whether it was an error, so that a screen can ask
/// once others have theirs: it waits without sleeping, and the schedule chooses when it goes on.
nonisolated final class Answers: Sendable {
    typealias Moment = @Sendable ([String: Bool]) -> Bool

    private struct State {
        /// Whether each screen that has its answer got an error.
        var failed: [String: Bool] = [:]
        var waiters: [(moment: Moment, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    func record(_ screen: String, failed: Bool) {
        let ready = state.withLock { state in
            state.failed[screen] = failed
            let failed = state.failed
            defer { state.waiters.removeAll { $0.moment(failed) } }
            return state.waiters.filter { $0.moment(failed) }.map(\.continuation)
        }
        ready.forEach { $0.resume() }
    }

    /// Returns once `moment` holds for the screens' answers.
    func wait(until moment: @escaping Moment) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                guard !moment(state.failed) else { return true }
                state.waiters.append((moment, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// The show a URL is the artwork of, for the trace: "swift-talk".
nonisolated private func show(_ url: String) -> String {
    url.split(separator: "/").last.map { String($0.prefix { $0 != "." }) } ?? url
}

/// A screen asking the cache for a show's artwork, as a task of the exploration.
nonisolated private func screen(_ name: String, asks url: String, of cache: ArtworkCache) -> (String, @Sendable () async throws -> Void) {
    (
        name,
        {
            Interleavings.note("asks for \(show(url))")
            do {
                let artwork = try await cache.artwork(for: url)
                try Interleavings.check(artwork.url == url, "\(name) asked for \(show(url)) and got the artwork of \(show(artwork.url))")
                Interleavings.note("shows \(show(url))")
            } catch let violation as Interleavings.Violation {
                throw violation
            } catch {
                Interleavings.note("shows an error")
            }
        }
    )
}

/// The episode list, the player and the widget ask for artwork at once, in a hundred orders
/// (seeded, the same on every machine): two of them for one show, and one for another show.
/// Whatever the order, the cache never has two downloads of one show in flight, and every screen
/// gets the artwork it asked for.
@Test func requestsShareTheDownloadInFlightInEveryOrder() async {
    await Interleavings.explore(schedules: 100) {
        let loader = SlowLoader()
        let cache = ArtworkCache(loader: loader)
        try await Interleavings.concurrently([
            screen("episode list", asks: swiftTalk, of: cache),
            screen("player", asks: swiftTalk, of: cache),
            screen("widget", asks: deepDives, of: cache),
        ])
        let talk = loader.downloadCount(of: swiftTalk)
        try Interleavings.check(
            talk == 1,
            "\(show(swiftTalk)) was downloaded \(talk) times for two requests: the second request came while the first waited, and found nothing to share. Store the download in flight in the same visit that finds the cache empty, with no `await` between"
        )
        let dives = loader.downloadCount(of: deepDives)
        try Interleavings.check(dives == 1, "\(show(deepDives)) was downloaded \(dives) times for one request")
        try checkNoOverlap(loader)
    }
}

/// Fails the schedule if two downloads of one URL were ever in flight at once.
nonisolated private func checkNoOverlap(_ loader: SlowLoader) throws {
    if let overlap = loader.overlap {
        throw Interleavings.Violation(
            overlap
                + ": a request forgot a download that was not its own. Only the request that started a download forgets it when it fails, and only while it is still the one stored"
        )
    }
}

/// Two screens ask for a show whose first download fails, and a third asks again once both have
/// their answer, in a hundred orders: the failure is shared by the requests in flight, never
/// kept for the one that comes after.
@Test func aFailureIsSharedButNotKeptInEveryOrder() async {
    await Interleavings.explore(schedules: 100) {
        let loader = SlowLoader(failing: [swiftTalk])
        let cache = ArtworkCache(loader: loader)
        try await Interleavings.concurrently([
            screen("episode list", asks: swiftTalk, of: cache),
            screen("player", asks: swiftTalk, of: cache),
        ])
        let afterBoth = loader.downloadCount(of: swiftTalk)
        Interleavings.note("asks for \(show(swiftTalk)) again")
        let retry = try? await cache.artwork(for: swiftTalk)
        try Interleavings.check(
            retry?.url == swiftTalk,
            "the request after the failed download got the failure again (the download was not tried again): forget a download that failed"
        )
        // One failed download and one that worked, whichever request started the second.
        let downloads = loader.downloadCount(of: swiftTalk)
        try Interleavings.check(
            downloads == 2,
            "\(show(swiftTalk)) was downloaded \(downloads) times (\(afterBoth) for the two requests at once): once for the failure, once more after it, and no more"
        )
    }
}

/// Three screens ask for a show whose first download fails, and a fourth asks once the first two
/// have their answer, in a hundred orders: the episode list and the player at once, the widget as
/// soon as one of them has shown the error, the lock screen once both have theirs. The failed
/// download is forgotten once, by the request that started it, before its error reaches the
/// screen: the cache never has two downloads in flight, and the lock screen gets the artwork.
/// The episode list and the player load in the background, the lock screen is what the user looks
/// at: its request goes ahead of lower-priority work waiting for the cache's actor, as in the app.
@Test func aFailedDownloadIsForgottenOnceInEveryOrder() async {
    await Interleavings.explore(schedules: 100) {
        let loader = SlowLoader(failing: [swiftTalk])
        let cache = ArtworkCache(loader: loader)
        let answers = Answers()
        /// Asks for the artwork and records the answer; returns whether it was an error.
        @Sendable func ask(_ name: String) async throws -> Bool {
            var failed = false
            do {
                Interleavings.note("asks for \(show(swiftTalk))")
                let artwork = try await cache.artwork(for: swiftTalk)
                try Interleavings.check(artwork.url == swiftTalk, "\(name) asked for \(show(swiftTalk)) and got the artwork of \(show(artwork.url))")
                Interleavings.note("shows \(show(swiftTalk))")
            } catch let violation as Interleavings.Violation {
                throw violation
            } catch {
                Interleavings.note("shows an error")
                failed = true
            }
            answers.record(name, failed: failed)
            return failed
        }
        try await Interleavings.concurrently([
            ("episode list", { _ = try await Task(priority: .background) { try await ask("episode list") }.value }),
            ("player", { _ = try await Task(priority: .background) { try await ask("player") }.value }),
            (
                "widget",
                {
                    await answers.wait { $0.values.contains(true) }
                    Interleavings.note("a screen has shown the error")
                    _ = try await ask("widget")
                }
            ),
            (
                "lock screen",
                {
                    await answers.wait { $0["episode list"] != nil && $0["player"] != nil }
                    Interleavings.note("the episode list and the player have their answers")
                    let failed = try await Task(priority: .userInitiated) { try await ask("lock screen") }.value
                    try checkNoOverlap(loader)
                    try Interleavings.check(
                        !failed,
                        "the lock screen asked after both requests of the failed download had their answer, and got its failure again: forget the failed download in the visit that learns of the failure, before its error reaches the screen, not in a task that runs later"
                    )
                }
            ),
        ])
        try checkNoOverlap(loader)
    }
}
