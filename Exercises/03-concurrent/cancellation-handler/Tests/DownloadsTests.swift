import InterleavingHarness
import Synchronization
import Testing

@testable import CancellationHandler

nonisolated struct ServerError: Error, Equatable {}

/// Fake transfers that finish only when the test says so, or when they are cancelled. Each
/// transfer is an object of its own, as in the real library: cancelling one stops that one only.
nonisolated final class FakeTransferClient: TransferClient {
    typealias Completion = @Sendable (Result<[UInt8], any Error>) -> Void

    private struct Record {
        let url: String
        var completion: Completion?
        var started = false
        var cancelled = false
    }

    private struct State {
        var transfers: [Record] = []
    }
    private let state = Mutex(State())
    /// The URL of each transfer, as it starts.
    let starts: AsyncStream<String>
    private let startsContinuation: AsyncStream<String>.Continuation

    init() {
        (starts, startsContinuation) = AsyncStream.makeStream(of: String.self)
    }

    /// The URLs of the transfers cancelled after they started, in order.
    var cancelledURLs: [String] {
        state.withLock { $0.transfers.filter { $0.started && $0.cancelled }.map(\.url) }
    }

    /// The URLs of the transfers cancelled that were never started.
    var cancelledUnstartedURLs: [String] {
        state.withLock { $0.transfers.filter { !$0.started && $0.cancelled }.map(\.url) }
    }

    func transfer(for url: String) -> any Transfer {
        let id = state.withLock { state in
            state.transfers.append(Record(url: url))
            return state.transfers.count - 1
        }
        return FakeTransfer(id: id, client: self)
    }

    func start(_ id: Int, completion: @escaping Completion) {
        let (url, alreadyCancelled) = state.withLock { state in
            state.transfers[id].started = true
            state.transfers[id].completion = completion
            return (state.transfers[id].url, state.transfers[id].cancelled)
        }
        startsContinuation.yield(url)
        if alreadyCancelled { finish(id, with: .failure(CancellationError())) }
    }

    func cancel(_ id: Int) {
        state.withLock { $0.transfers[id].cancelled = true }
        finish(id, with: .failure(CancellationError()))
    }

    /// Calls the completion of every started transfer of `url` that wasn't called yet.
    func finish(_ url: String, with result: Result<[UInt8], any Error>) {
        let ids = state.withLock { state in state.transfers.indices.filter { state.transfers[$0].url == url } }
        ids.forEach { finish($0, with: result) }
    }

    /// Calls the transfer's completion, if it started and its completion wasn't called yet.
    private func finish(_ id: Int, with result: Result<[UInt8], any Error>) {
        let completion = state.withLock { state in
            defer { state.transfers[id].completion = nil }
            return state.transfers[id].completion
        }
        completion?(result)
    }
}

/// One transfer of the fake library, known to its client by its number.
nonisolated final class FakeTransfer: Transfer {
    let id: Int
    let client: FakeTransferClient

    init(id: Int, client: FakeTransferClient) {
        self.id = id
        self.client = client
    }

    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        client.start(id, completion: completion)
    }

    func cancel() {
        client.cancel(id)
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
        client.cancelledUnstartedURLs.isEmpty,
        "the download cancelled a new transfer of episode-3.mp3 that never started, and the transfer that was downloading went on: each transfer is an object of its own; cancel the one you started, not a new one made for the same URL"
    )
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
/// transfer starts, unless that transfer is cancelled first (each transfer is an object of its
/// own: cancelling another one stops nothing). It notes each step for the trace, and sees an
/// episode arrive for a task that was cancelled before it did.
nonisolated final class SlowTransferClient: TransferClient {
    typealias Completion = @Sendable (Result<[UInt8], any Error>) -> Void

    private struct State {
        var made = 0
        var cancelled: Set<Int> = []
        var running: (id: Int, completion: Completion)?
        var taskCancelled = false
        var wasted = false
    }
    private let state = Mutex(State())

    /// Whether the whole episode downloaded for a task that had already been cancelled.
    var downloadedForNobody: Bool { state.withLock { $0.wasted } }

    func transfer(for url: String) -> any Transfer {
        let id = state.withLock { state in
            defer { state.made += 1 }
            return state.made
        }
        return SlowTransfer(id: id, client: self)
    }

    func start(_ id: Int, completion: @escaping Completion) {
        let cancelled = state.withLock { state in
            state.running = (id, completion)
            return state.cancelled.contains(id)
        }
        Interleavings.note(cancelled ? "the transfer starts, cancelled already" : "the transfer starts")
        if cancelled {
            finish(id, with: .failure(CancellationError()))
        } else {
            Interleavings.later { Interleavings.later { Interleavings.later { self.arrive() } } }
        }
    }

    func cancel(_ id: Int) {
        Interleavings.note("the transfer is cancelled")
        state.withLock { _ = $0.cancelled.insert(id) }
        finish(id, with: .failure(CancellationError()))
    }

    /// Called by the test's own cancellation handler, the moment the downloading task is cancelled.
    func taskWasCancelled() {
        Interleavings.note("the download's task is cancelled")
        state.withLock { $0.taskCancelled = true }
    }

    private func arrive() {
        let running = state.withLock { state in
            guard let running = state.running else { return nil as Int? }
            if state.taskCancelled { state.wasted = true }
            return running.id
        }
        guard let running else { return }
        Interleavings.note("the whole episode has downloaded")
        finish(running, with: .success([1, 2, 3]))
    }

    /// Calls the completion of transfer `id`, if it is the one running.
    private func finish(_ id: Int, with result: Result<[UInt8], any Error>) {
        let completion = state.withLock { state in
            guard let running = state.running, running.id == id else { return nil as Completion? }
            state.running = nil
            return running.completion
        }
        completion?(result)
    }
}

nonisolated final class SlowTransfer: Transfer {
    let id: Int
    let client: SlowTransferClient

    init(id: Int, client: SlowTransferClient) {
        self.id = id
        self.client = client
    }

    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        client.start(id, completion: completion)
    }

    func cancel() {
        client.cancel(id)
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
/// transfer that is not cancelled by the time it has started delivers the whole episode at once;
/// each transfer is an object of its own, so cancelling another one does not stop it.
nonisolated final class CancellingTransferClient: TransferClient {
    private struct State {
        var made = 0
        var cancelled: Set<Int> = []
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
        let id = state.withLock { state in
            defer { state.made += 1 }
            return state.made
        }
        return CancellingTransfer(id: id, client: self)
    }

    func start(_ id: Int, completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        cancelTheTask(at: .startingTheTransfer)
        let cancelled = state.withLock { state in
            let cancelled = state.cancelled.contains(id)
            if !cancelled { state.episodeDelivered = true }
            return cancelled
        }
        completion(cancelled ? .failure(CancellationError()) : .success([1, 2, 3]))
    }

    func cancel(_ id: Int) {
        state.withLock { _ = $0.cancelled.insert(id) }
    }

    /// Cancels the task that called, at once: its cancellation handler, if it has one, runs now.
    private func cancelTheTask(at moment: RunningMoment) {
        guard moment == self.moment else { return }
        withUnsafeCurrentTask { $0?.cancel() }
    }
}

nonisolated final class CancellingTransfer: Transfer {
    let id: Int
    let client: CancellingTransferClient

    init(id: Int, client: CancellingTransferClient) {
        self.id = id
        self.client = client
    }

    func start(completion: @escaping @Sendable (Result<[UInt8], any Error>) -> Void) {
        client.start(id, completion: completion)
    }

    func cancel() {
        client.cancel(id)
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
