// A music player's playback engine, built in main actor mode.

/// Mixes the tracks into the buffers the sound card plays, at each track's volume.
actor Mixer {
    private let device: AudioDevice
    private var volumes: [String: Double] = [:]
    private(set) var isMuted = true

    init(device: AudioDevice) {
        self.device = device
    }

    func setVolume(_ volume: Double, of track: String) {
        volumes[track] = volume
    }

    /// Mixes the next buffer and hands it to the sound card: silence while muted.
    func renderNextBuffer() {
        device.play(level: isMuted ? 0 : volumes.values.reduce(0, +))
    }

    func mute() { isMuted = true }
    func unmute() { isMuted = false }
}

/// The play and stop buttons' engine: starts and stops the sound card, and the mixer with it.
final class Transport {
    private let mixer: Mixer
    private let device: AudioDevice
    private(set) var isPlaying = false

    /// Made anywhere: it only keeps its parts.
    nonisolated init(mixer: Mixer, device: AudioDevice) {
        self.mixer = mixer
        self.device = device
    }

    // TODO: the music stuttered whenever the screen was busy, so the mixer was moved off the
    // main actor — and now play and stop don't build. The mixer must never hear from the
    // transport late: a stop has to silence the mixer and the sound card, and mark the transport
    // stopped, in the same step, with nothing else able to run in between. Neither of them may
    // go back to waiting for the screen.
    func play() {
        device.start()
        mixer.unmute()
        isPlaying = true
    }

    func stop() {
        mixer.mute()
        device.stop()
        isPlaying = false
    }
}
