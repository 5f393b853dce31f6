import Dispatch
import Synchronization
import Testing
@testable import BreakingTies

/// Names an isolation domain, for readable test failures.
nonisolated func describe(_ isolation: (any Actor)?) -> String {
    guard let isolation else { return "no actor" }
    return isolation === MainActor.shared ? "the main actor" : "\(type(of: isolation))"
}

/// Where synchronous code runs, for probes that `#isolation` can't help: in a synchronous
/// `nonisolated` function, `#isolation` is always `nil`. The main actor runs its jobs on the
/// main dispatch queue, which this key marks; code running anywhere else doesn't see the mark.
/// (Not `Thread.isMainThread`: main-actor code doesn't always run on the main thread.)
nonisolated let mainQueueMark: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

nonisolated func describeSynchronousCaller() -> String {
    DispatchQueue.getSpecific(key: mainQueueMark) == true ? "the main actor" : "off the main actor"
}

/// The heavy part: a peak meter that notes where each slice was measured.
nonisolated final class ProbedMeter: Meter {
    private let callers = Mutex<[String]>([])
    var slicesWereMeasuredOn: Set<String> { Set(callers.withLock { $0 }) }

    func level(of slice: ArraySlice<Int16>) -> Int {
        let caller = describeSynchronousCaller()
        callers.withLock { $0.append(caller) }
        return PeakMeter().level(of: slice)
    }
}

/// A library of two short tracks that notes every load and where it was called from:
/// `samples(of:)` runs on its caller's actor, and `#isolation` names that actor.
nonisolated final class ProbedLibrary: SampleSource {
    private let tracks: [Int: [Int16]] = [
        1: [0, 16_384, -32_768, 100, 3_276, -3_277, 32_767, 0],
        2: [1_000, -1_000, 2_000, -2_000, 0, 0, 0, 0],
    ]
    private let loads = Mutex<[(track: Int, caller: String)]>([])
    var loadedTracks: [Int] { loads.withLock { $0.map(\.track) } }
    var callers: [String] { loads.withLock { $0.map(\.caller) } }

    func samples(of trackID: Int) async -> [Int16] {
        let caller = describe(#isolation)
        loads.withLock { $0.append((trackID, caller)) }
        return tracks[trackID] ?? []
    }
}

@Test func theWaveformShowsTheLoudestSampleOfEachSlice() async {
    let player = PlayerModel(source: ProbedLibrary())
    await player.show(trackID: 1)
    #expect(player.shown == Waveform(bars: [50, 100, 10, 100]))
    await player.show(trackID: 2)
    #expect(player.shown == Waveform(bars: [3, 6, 0, 0]))
}

@Test func waveformsAreComputedOffTheMainActor() async {
    let library = ProbedLibrary()
    let meter = ProbedMeter()
    let player = PlayerModel(source: library, meter: meter)
    await player.show(trackID: 1)
    await player.show(trackID: 2)
    #expect(library.callers == ["no actor", "no actor"], "where the samples were loaded")
    #expect(meter.slicesWereMeasuredOn == ["off the main actor"],
            "where the waveform was computed: the computation itself, not only the loading of the samples, must run off the main actor")
    #expect(player.shown == Waveform(bars: [3, 6, 0, 0]))
}

@Test func eachTrackIsComputedOnce() async {
    let library = ProbedLibrary()
    let player = PlayerModel(source: library)
    await player.show(trackID: 1)
    await player.show(trackID: 2)
    await player.show(trackID: 1)
    #expect(library.loadedTracks == [1, 2])
    #expect(player.shown == Waveform(bars: [50, 100, 10, 100]))
}

@Test func theProbeRecognizesTheMainActor() async {
    MainActor.assertIsolated()
    #expect(describeSynchronousCaller() == "the main actor", "the tests' own probe must recognize the main actor")
    #expect(await offTheMainActor() == "off the main actor", "the tests' own probe must recognize code off the main actor")
}

@concurrent private func offTheMainActor() async -> String {
    describeSynchronousCaller()
}
