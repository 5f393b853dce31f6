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

    /// Called by the screen when a track starts playing. The cache stays here, on the main
    /// actor; the waveform is computed by a `@concurrent` function outside the class.
    func show(trackID: Int) async {
        if let cached = cache[trackID] {
            shown = cached
            return
        }
        let waveform = await computeWaveform(from: source, trackID: trackID, bars: 4, meter: meter)
        cache[trackID] = waveform
        shown = waveform
    }
}

@concurrent func computeWaveform(from source: any SampleSource, trackID: Int, bars: Int, meter: any Meter) async -> Waveform {
    let samples = await source.samples(of: trackID)
    let sliceLength = max(1, samples.count / bars)
    return Waveform(bars: stride(from: 0, to: samples.count, by: sliceLength).map { start in
        meter.level(of: samples[start..<min(start + sliceLength, samples.count)])
    })
}
