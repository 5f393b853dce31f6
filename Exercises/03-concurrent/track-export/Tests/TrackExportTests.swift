import InterleavingHarness
import Synchronization
import Testing

@testable import TrackExport

// This test module is built without default isolation, like the exercise.

/// The library's tracks: the test hands each one over. Like the real library, it does not look
/// at cancellation: it goes on handing tracks over until it has none left.
final class HandedTracks: AsyncSequence, Sendable {
    private let state = Mutex<(queued: [String?], waiting: CheckedContinuation<String?, Never>?)>(([], nil))

    /// Hands `track` over, or ends the sequence with `nil`.
    func hand(_ track: String?) {
        let waiting = state.withLock { state -> CheckedContinuation<String?, Never>? in
            guard let waiting = state.waiting else {
                state.queued.append(track)
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume(returning: track)
    }

    func next() async -> String? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> String?? in
                if state.queued.isEmpty {
                    state.waiting = continuation
                    return nil
                }
                return .some(state.queued.removeFirst())
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let tracks: HandedTracks
        mutating func next() async -> String? { await tracks.next() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(tracks: self) }
}

/// A fake encoder: records which tracks it started, and finishes each at once.
final class RecordingEncoder: TrackEncoder {
    private let started = Mutex<[String]>([])
    private let watcher = Mutex<(count: Int, continuation: CheckedContinuation<Void, Never>)?>(nil)

    var tracksStarted: [String] { started.withLock { $0 } }

    func encode(_ track: String) async -> Bool {
        let count = started.withLock {
            $0.append(track); return $0.count
        }
        let ready = watcher.withLock { watcher -> CheckedContinuation<Void, Never>? in
            guard let waiting = watcher, waiting.count <= count else { return nil }
            watcher = nil
            return waiting.continuation
        }
        ready?.resume()
        return !Task.isCancelled
    }

    /// Returns once `count` encodings have started.
    func waitForStarts(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let done = started.withLock { $0.count >= count }
            if done {
                continuation.resume()
            } else {
                watcher.withLock { $0 = (count, continuation) }
            }
        }
    }
}

@Test func everyTrackIsExported() async {
    let tracks = HandedTracks()
    for track in ["Intro", "So What", "Blue in Green"] { tracks.hand(track) }
    tracks.hand(nil)
    let encoder = RecordingEncoder()
    #expect(await export(tracks, with: encoder) == 3)
    #expect(encoder.tracksStarted.sorted() == ["Blue in Green", "Intro", "So What"])
}

@Test func noTrackStartsEncodingAfterTheExportIsCancelled() async {
    let tracks = HandedTracks()
    let encoder = RecordingEncoder()
    let exporting = Task { await export(tracks, with: encoder) }
    tracks.hand("Intro")
    await encoder.waitForStarts(1)
    exporting.cancel()  // the user taps Cancel
    tracks.hand("So What")  // the library goes on finding tracks
    tracks.hand("Blue in Green")
    tracks.hand(nil)
    _ = await exporting.value
    #expect(
        encoder.tracksStarted == ["Intro"],
        "tracks handed over after the export was cancelled were still encoded: \(encoder.tracksStarted.dropFirst()); no encoding should start once the export is cancelled"
    )
}

/// Which tracks the library handed over after the export was cancelled: the test's cancellation
/// handler around the export says when that happens.
final class CancelWatch: Sendable {
    private let state = Mutex<(cancelled: Bool, handedAfter: [String])>((false, []))

    var handedAfterTheCancel: [String] { state.withLock { $0.handedAfter } }

    func exportWasCancelled() {
        state.withLock { $0.cancelled = true }
        Interleavings.note("the export is cancelled")
    }

    func handing(_ track: String) {
        state.withLock { state in
            if state.cancelled { state.handedAfter.append(track) }
        }
        Interleavings.note("hands over \(track)")
    }
}

/// An encoder whose encoding takes a while: a point where other tasks run first. It notes each
/// start in the trace.
final class PacedEncoder: TrackEncoder {
    private let started = Mutex<[String]>([])
    var tracksStarted: [String] { started.withLock { $0 } }

    func encode(_ track: String) async -> Bool {
        started.withLock { $0.append(track) }
        Interleavings.note("starts encoding \(track)")
        await Interleavings.pause()
        return !Task.isCancelled
    }
}

struct TappedCancel: Error {}

/// The user taps Cancel at every moment of an export, in two hundred orders (seeded, the same on
/// every machine): before the first track, while the export waits for the next one, while a track
/// encodes. Whenever it comes, no track the library hands over after it starts encoding.
@Test func noTrackHandedOverAfterTheTapStartsEncoding() async {
    await Interleavings.explore(schedules: 200) {
        let tracks = HandedTracks()
        let encoder = PacedEncoder()
        let watch = CancelWatch()
        @Sendable func exporting() async throws {
            let written = await withTaskCancellationHandler {
                await export(tracks, with: encoder)
            } onCancel: {
                watch.exportWasCancelled()
            }
            Interleavings.note("wrote \(written) tracks")
        }
        @Sendable func finding() async throws {
            // Like the real library, it does not look at cancellation.
            for track in ["Intro", "So What", "Blue in Green"] {
                await Interleavings.pause()
                watch.handing(track)
                tracks.hand(track)
            }
            tracks.hand(nil)
        }
        @Sendable func tapping() async throws {
            await Interleavings.pause()
            Interleavings.note("taps Cancel")
            throw TappedCancel()
        }
        do {
            // The tap ends the group by throwing, which cancels the export (and the library's task,
            // which goes on all the same).
            try await Interleavings.concurrentlyCancellingOnError([
                ("export", exporting), ("library", finding), ("user", tapping),
            ])
        } catch is TappedCancel {}
        let late = encoder.tracksStarted.filter(watch.handedAfterTheCancel.contains)
        try Interleavings.check(
            late.isEmpty,
            "\(late) was handed over after the export was cancelled, and its encoding started: no encoding should "
                + "start once the export is cancelled — the check must come after the wait for the next track, "
                + "when the track is there, not before it")
    }
}
