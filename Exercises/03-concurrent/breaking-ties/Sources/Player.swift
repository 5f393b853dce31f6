// A music app, built in main actor mode. The player screen shows the waveform of the track
// that is playing: a few bars computed from hundreds of thousands of audio samples.

/// Where the tracks' audio samples come from.
nonisolated protocol SampleSource: Sendable {
    func samples(of trackID: Int) async -> [Int16]
}

/// The bars drawn for one track: the level of each slice, from 0 to 100.
nonisolated struct Waveform: Equatable {
    let bars: [Int]
}

/// How loud a slice of samples is, from 0 to 100. Pure computation, usable anywhere.
nonisolated protocol Meter: Sendable {
    func level(of slice: ArraySlice<Int16>) -> Int
}

/// The level of a slice is its loudest sample.
nonisolated struct PeakMeter: Meter {
    func level(of slice: ArraySlice<Int16>) -> Int {
        (slice.map { abs(Int($0)) }.max() ?? 0) * 100 / Int(Int16.max)
    }
}

/// The state behind the player screen.
final class PlayerModel {
    let source: any SampleSource
    let meter: any Meter
    private var cache: [Int: Waveform] = [:]
    private(set) var shown: Waveform?

    init(source: any SampleSource, meter: any Meter = PeakMeter()) {
        self.source = source
        self.meter = meter
    }

    /// Called by the screen when a track starts playing.
    func show(trackID: Int) async {
        shown = await waveform(for: trackID, bars: 4)
    }

    // TODO: computing a waveform is heavy, so a teammate marked this method `@concurrent` —
    // and now it doesn't compile: the cache is main-actor state. Keep the computation off
    // the main actor and the cache on it; each track's waveform is still computed only once.
    @concurrent func waveform(for trackID: Int, bars: Int) async -> Waveform {
        if let cached = cache[trackID] { return cached }
        let samples = await source.samples(of: trackID)
        let sliceLength = max(1, samples.count / bars)
        let waveform = Waveform(bars: stride(from: 0, to: samples.count, by: sliceLength).map { start in
            meter.level(of: samples[start..<min(start + sliceLength, samples.count)])
        })
        cache[trackID] = waveform
        return waveform
    }
}
