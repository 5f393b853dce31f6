// A music player's playback engine, built in main actor mode.
import Synchronization

/// Mixes the tracks into the buffers the sound card plays, at each track's volume.
nonisolated final class Mixer: Sendable {
    private struct State {
        var volumes: [String: Double] = [:]
        var isMuted = true
    }

    private let device: AudioDevice
    private let state = Mutex(State())

    init(device: AudioDevice) {
        self.device = device
    }

    var isMuted: Bool { state.withLock { $0.isMuted } }

    func setVolume(_ volume: Double, of track: String) {
        state.withLock { $0.volumes[track] = volume }
    }

    /// Mixes the next buffer and hands it to the sound card: silence while muted.
    func renderNextBuffer() {
        let level = state.withLock { $0.isMuted ? 0 : $0.volumes.values.reduce(0, +) }
        device.play(level: level)
    }

    func mute() { state.withLock { $0.isMuted = true } }
    func unmute() { state.withLock { $0.isMuted = false } }
}

/// The play and stop buttons' engine: starts and stops the sound card, and the mixer with it.
nonisolated final class Transport: Sendable {
    private let mixer: Mixer
    private let device: AudioDevice
    private let playing = Mutex(false)

    init(mixer: Mixer, device: AudioDevice) {
        self.mixer = mixer
        self.device = device
    }

    var isPlaying: Bool { playing.withLock { $0 } }

    func play() {
        device.start()
        mixer.unmute()
        playing.withLock { $0 = true }
    }

    func stop() {
        mixer.mute()
        device.stop()
        playing.withLock { $0 = false }
    }
}
