import InterleavingHarness
import Synchronization
import Testing

@testable import CancellationHandler

nonisolated struct ServerError: Error, Equatable {}

/// Fake transfers that finish only when the test says so, or when they are cancelled.
nonisolated final class FakeTransferClient: TransferClient {
    typealias Completion = @Sendable (Result<[UInt8], any Error>) -> Void

    private struct State {
        var pending: [String: Completion] = [:]
        var cancelled: [String] = []
    }
    private let state = Mutex(State())
    /// The URL of each transfer, as it starts.
    let starts: AsyncStream<String>
    private let startsContinuation: AsyncStream<String>.Continuation

    init() {
        (starts, startsContinuation) = AsyncStream.makeStream(of: String.self)
    }

    var cancelledURLs: [String] { state.withLock { $0.cancelled } }

    func transfer(for url: String) -> any Transfer {
        FakeTransfer(url: url, client: self)
    }

    func start(_ url: String, completion: @escaping Completion) {
        let alreadyCancelled = state.withLock { state in
            state.pending[url] = completion
            return state.cancelled.contains(url)
        }
        startsContinuation.yield(url)
        if alreadyCancelled { finish(url, with: .failure(CancellationError())) }
    }

    func cancel(_ url: String) {
        state.withLock { $0.cancelled.append(url) }
        finish(url, with: .failure(CancellationError()))
    }

    /// Calls the transfer's completion, if it wasn't called yet.
    func finish(_ url: String, with result: Result<[UInt8], any Error>) {
        let completion = state.withLock { $0.pending.removeValue(forKey: url) }
        completion?(result)
    }
}

nonisolated struct FakeTransfer: Transfer {
    let url: String
    let client: FakeTransferClient

    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        client.start(url, completion: completion)
    }

    func cancel() {
        client.cancel(url)
    }
}

/// Waits until the next transfer starts.
private func nextStart(of client: FakeTransferClient) async -> String? {
    for await url in client.starts { return url }
    return nil
}

@Test func aDownloadDeliversTheEpisode() async throws {
    let client = FakeTransferClient()
    let downloading = Task { try await download("episode-1.mp3", using: client) }
    #expect(await nextStart(of: client) == "episode-1.mp3")
    client.finish("episode-1.mp3", with: .success([1, 2, 3]))
    #expect(try await downloading.value == [1, 2, 3])
}

@Test func aFailedTransferThrowsItsError() async {
    let client = FakeTransferClient()
    let downloading = Task { try await download("episode-2.mp3", using: client) }
    _ = await nextStart(of: client)
    client.finish("episode-2.mp3", with: .failure(ServerError()))
    await #expect(throws: ServerError.self) {
        try await downloading.value
    }
}

@Test func cancellingTheTaskCancelsTheTransfer() async {
    let client = FakeTransferClient()
    let downloading = Task { try await download("episode-3.mp3", using: client) }
    _ = await nextStart(of: client)
    downloading.cancel()  // the user tapped Cancel
    #expect(
        client.cancelledURLs == ["episode-3.mp3"],
        "the transfer was cancelled along with the task: while the task waits in the continuation, only a cancellation handler around that wait can pass the news on; a check before the start comes too early"
    )
    // Without that, the transfer would run to the end: play it out, so that the test finishes.
    client.finish("episode-3.mp3", with: .success([1, 2, 3]))
    await #expect(throws: CancellationError.self, "a cancelled download ends with `CancellationError`, not with the episode") {
        try await downloading.value
    }
}

/// A fake library whose transfer takes a while: the episode arrives three steps after the
/// transfer starts, unless the transfer is cancelled first. It notes each step for the trace,
/// and sees an episode arrive for a task that was cancelled before it did.
nonisolated final class SlowTransferClient: TransferClient {
    typealias Completion = @Sendable (Result<[UInt8], any Error>) -> Void

    private struct State {
        var completion: Completion?
        var transferCancelled = false
        var taskCancelled = false
        var wasted = false
    }
    private let state = Mutex(State())

    /// Whether the whole episode downloaded for a task that had already been cancelled.
    var downloadedForNobody: Bool { state.withLock { $0.wasted } }

    func transfer(for url: String) -> any Transfer {
        SlowTransfer(client: self)
    }

    func start(completion: @escaping Completion) {
        let cancelled = state.withLock { state in
            state.completion = completion
            return state.transferCancelled
        }
        Interleavings.note(cancelled ? "the transfer starts, cancelled already" : "the transfer starts")
        if cancelled {
            finish(with: .failure(CancellationError()))
        } else {
            Interleavings.later { Interleavings.later { Interleavings.later { self.arrive() } } }
        }
    }

    func cancel() {
        Interleavings.note("the transfer is cancelled")
        state.withLock { $0.transferCancelled = true }
        finish(with: .failure(CancellationError()))
    }

    /// Called by the test's own cancellation handler, the moment the downloading task is cancelled.
    func taskWasCancelled() {
        Interleavings.note("the download's task is cancelled")
        state.withLock { $0.taskCancelled = true }
    }

    private func arrive() {
        let arrives = state.withLock { state in
            guard state.completion != nil else { return false }
            if state.taskCancelled { state.wasted = true }
            return true
        }
        guard arrives else { return }
        Interleavings.note("the whole episode has downloaded")
        finish(with: .success([1, 2, 3]))
    }

    private func finish(with result: Result<[UInt8], any Error>) {
        let completion = state.withLock { state in
            defer { state.completion = nil }
            return state.completion
        }
        completion?(result)
    }
}

nonisolated struct SlowTransfer: Transfer {
    let client: SlowTransferClient

    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        client.start(completion: completion)
    }

    func cancel() {
        client.cancel()
    }
}

nonisolated struct TappedCancel: Error {}

/// The user taps Cancel at every moment of a download, in two hundred orders (seeded, the same on
/// every machine): before the transfer is made, while it starts, while it runs. Whenever the tap
/// comes before the episode is in, the transfer stops.
@Test func cancellingAtAnyMomentStopsTheTransfer() async {
    await Interleavings.explore(schedules: 200) {
        let client = SlowTransferClient()
        @Sendable func downloading() async throws {
            let episode = try await withTaskCancellationHandler {
                try await download("episode-4.mp3", using: client)
            } onCancel: {
                client.taskWasCancelled()
            }
            Interleavings.note("gets \(episode.count) bytes")
        }
        @Sendable func tapping() async throws {
            await Interleavings.pause()
            Interleavings.note("taps Cancel")
            throw TappedCancel()
        }
        do {
            // The tap ends the group by throwing, which cancels the download's task.
            try await Interleavings.concurrentlyCancellingOnError([("download", downloading), ("user", tapping)])
        } catch is TappedCancel {}
        try Interleavings.check(
            !client.downloadedForNobody,
            "the task was cancelled, and the transfer went on until the whole episode had downloaded: the handler "
                + "must reach the transfer whenever the cancellation comes, even before the transfer starts")
    }
}

/// The moments, while `download` runs without suspending, at which the user's Cancel can land: in
/// an app the tap comes from another thread at any instant, not only while the task waits.
nonisolated enum RunningMoment: String, CaseIterable, Sendable {
    case makingTheTransfer = "while the transfer was being made"
    case startingTheTransfer = "while the transfer was starting"
}

/// A fake library that cancels the downloading task itself, synchronously, at one moment while the
/// code runs (where the exploring test's Cancel can't land: it cancels only a waiting task). A
/// transfer that is not cancelled by the time it has started delivers the whole episode at once.
nonisolated final class CancellingTransferClient: TransferClient {
    private struct State {
        var transferCancelled = false
        var episodeDelivered = false
    }
    private let state = Mutex(State())
    let moment: RunningMoment

    init(cancellingTheTask moment: RunningMoment) {
        self.moment = moment
    }

    /// Whether a transfer ran to the end: started, and not cancelled by then.
    var episodeDelivered: Bool { state.withLock { $0.episodeDelivered } }

    func transfer(for url: String) -> any Transfer {
        cancelTheTask(at: .makingTheTransfer)
        return CancellingTransfer(client: self)
    }

    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        cancelTheTask(at: .startingTheTransfer)
        let cancelled = state.withLock { state in
            state.episodeDelivered = !state.transferCancelled
            return state.transferCancelled
        }
        completion(cancelled ? .failure(CancellationError()) : .success([1, 2, 3]))
    }

    func cancel() {
        state.withLock { $0.transferCancelled = true }
    }

    /// Cancels the task that called, at once: its cancellation handler, if it has one, runs now.
    private func cancelTheTask(at moment: RunningMoment) {
        guard moment == self.moment else { return }
        withUnsafeCurrentTask { $0?.cancel() }
    }
}

nonisolated struct CancellingTransfer: Transfer {
    let client: CancellingTransferClient

    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        client.start(completion: completion)
    }

    func cancel() {
        client.cancel()
    }
}

/// The user taps Cancel while `download` runs without waiting: while the transfer is made, and
/// while it starts. Whichever moment, no transfer runs to the end (it is cancelled, or never
/// started) and the download ends with `CancellationError`.
@Test(arguments: RunningMoment.allCases)
func aCancellationWhileTheCodeRunsStopsTheTransfer(_ moment: RunningMoment) async {
    let client = CancellingTransferClient(cancellingTheTask: moment)
    let result = await Task { try await download("episode-5.mp3", using: client) }.result
    #expect(
        !client.episodeDelivered,
        "the task was cancelled \(moment.rawValue), and the whole episode downloaded: a cancellation can come at any instant, from another thread, not only while the task waits. Make the transfer before the handler, so that the handler always has it to cancel, and let the transfer itself deal with a cancellation that comes before it starts; no flag of your own can close that window"
    )
    #expect(throws: CancellationError.self, "a cancelled download ends with `CancellationError`, not with the episode") { try result.get() }
}
