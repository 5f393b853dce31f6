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

    /// Called by the screen when a track starts playing. The cache is checked and filled
    /// here, on the main actor; only the computation leaves it.
    func show(trackID: Int) async {
        if let cached = cache[trackID] {
            shown = cached
            return
        }
        let waveform = await waveform(for: trackID, bars: 4)
        cache[trackID] = waveform
        shown = waveform
    }

    /// Computes a waveform off the main actor. It touches no main-actor state: `source` and
    /// `meter` are `let`s of `Sendable` types, which any isolation domain may read.
    @concurrent func waveform(for trackID: Int, bars: Int) async -> Waveform {
        let samples = await source.samples(of: trackID)
        let sliceLength = max(1, samples.count / bars)
        return Waveform(bars: stride(from: 0, to: samples.count, by: sliceLength).map { start in
            meter.level(of: samples[start..<min(start + sliceLength, samples.count)])
        })
    }
}
