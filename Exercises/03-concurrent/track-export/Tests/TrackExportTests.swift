import InterleavingHarness
import Synchronization
import Testing

@testable import TrackExport

// This test module is built without default isolation, like the exercise.

/// The library's tracks: the test hands each one over. Like the real library, it does not look
/// at cancellation: it goes on handing tracks over until it has none left — or, once told it
/// never runs out, it finds one each time it is asked, as a library of a whole disk does.
final class HandedTracks: AsyncSequence, Sendable {
    private struct State {
        var queued: [String?] = []
        var waiting: CheckedContinuation<String?, Never>?
        /// How many tracks it found since it was told it never runs out; `nil` before.
        var found: Int?
    }

    /// A library that never runs out gives up after this many tracks, so that an export that never
    /// stops asking for more still ends, and its test fails instead of hanging.
    static let tracksOfAWholeDisk = 100

    private let state = Mutex(State())

    /// How many tracks the library found since it was told it never runs out.
    var foundSinceItNeverRunsOut: Int { state.withLock { $0.found ?? 0 } }

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

    /// From now on the library finds a track each time it is asked, a waiting ask too.
    func neverRunOut() {
        let (waiting, track) = state.withLock { state -> (CheckedContinuation<String?, Never>?, String?) in
            state.found = 0
            guard let waiting = state.waiting else { return (nil, nil) }
            state.waiting = nil
            return (waiting, Self.find(&state))
        }
        waiting?.resume(returning: track)
    }

    private static func find(_ state: inout State) -> String? {
        let found = (state.found ?? 0) + 1
        state.found = found
        return found <= tracksOfAWholeDisk ? "Found track \(found)" : nil
    }

    func next() async -> String? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> String?? in
                if !state.queued.isEmpty { return .some(state.queued.removeFirst()) }
                if state.found != nil { return .some(Self.find(&state)) }
                state.waiting = continuation
                return nil
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

/// The library of a whole disk never runs out of tracks: once the export is cancelled, it asks
/// for one more track at most — the one it refuses — and returns.
@Test func aCancelledExportAsksTheLibraryForNoMoreTracks() async {
    let tracks = HandedTracks()
    let encoder = RecordingEncoder()
    let exporting = Task { await export(tracks, with: encoder) }
    tracks.hand("Intro")
    await encoder.waitForStarts(1)
    exporting.cancel()  // the user taps Cancel
    tracks.neverRunOut()  // the library goes on finding tracks, as long as it is asked
    _ = await exporting.value
    let found = tracks.foundSinceItNeverRunsOut
    #expect(
        found <= 1,
        "the export was cancelled, and went on asking the library for tracks: \(found < HandedTracks.tracksOfAWholeDisk ? "\(found)" : "every one of the \(found)") it found after the tap. The library's sequence doesn't stop by itself, and a library of a whole disk never runs out: once a track is refused, leave the loop"
    )
}

/// An encoder whose encodings each wait until the test finishes them; then each says it wrote its
/// track unless its task was cancelled meanwhile, as an encoder that stops when cancelled does.
final class GatedEncoder: TrackEncoder {
    private struct State {
        var started: [String] = []
        var ended: [String] = []
        var finished: Set<String> = []
        var encodings: [String: CheckedContinuation<Void, Never>] = [:]
        var watchers: [(enough: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes the watchers whose moment has come.
        mutating func ready() -> [CheckedContinuation<Void, Never>] {
            let now = self
            defer { watchers.removeAll { $0.enough(now) } }
            return watchers.filter { $0.enough(now) }.map(\.continuation)
        }
    }

    private let state = Mutex(State())

    func encode(_ track: String) async -> Bool {
        await withCheckedContinuation { (encoding: CheckedContinuation<Void, Never>) in
            let (ready, finished) = state.withLock { state in
                state.started.append(track)
                let finished = state.finished.contains(track)
                if !finished { state.encodings[track] = encoding }
                return (state.ready(), finished)
            }
            ready.forEach { $0.resume() }
            if finished { encoding.resume() }
        }
        let written = !Task.isCancelled
        let ready = state.withLock { state in
            state.ended.append(track)
            return state.ready()
        }
        ready.forEach { $0.resume() }
        return written
    }

    /// Lets the encoding of `track` end, now or when it starts.
    func finish(_ track: String) {
        let encoding = state.withLock { state in
            state.finished.insert(track)
            return state.encodings.removeValue(forKey: track)
        }
        encoding?.resume()
    }

    /// Returns once `count` encodings have started.
    func waitForStarts(_ count: Int) async {
        await waitUntil { $0.started.count >= count }
    }

    /// Returns once `count` encodings have ended.
    func waitForEnds(_ count: Int) async {
        await waitUntil { $0.ended.count >= count }
    }

    private func waitUntil(_ enough: @escaping @Sendable (State) -> Bool) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if enough(state) { return true }
                state.watchers.append((enough, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}

/// Cancel comes while a track encodes, after another was written: the export counts the one
/// track written, not the encoding that the cancellation stopped.
@Test func aCancelledExportCountsOnlyTheTracksWritten() async {
    let tracks = HandedTracks()
    let encoder = GatedEncoder()
    let exporting = Task { await export(tracks, with: encoder) }
    tracks.hand("Intro")
    await encoder.waitForStarts(1)
    encoder.finish("Intro")
    await encoder.waitForEnds(1)  // "Intro" is on the memory stick
    tracks.hand("So What")
    await encoder.waitForStarts(2)
    exporting.cancel()  // the user taps Cancel while "So What" encodes
    encoder.finish("So What")  // its encoding stops: it wrote nothing
    tracks.hand(nil)
    let written = await exporting.value
    #expect(
        written == 1,
        "the export was cancelled while “So What” encoded, and says \(written) tracks were written; one was: an encoding the cancellation stopped wrote nothing. Count the encodings that say they wrote their track"
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
