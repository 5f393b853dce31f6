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

    func play() async {
        await startSound(device, on: mixer)
        isPlaying = true
    }

    func stop() async {
        await stopSound(device, on: mixer)
        isPlaying = false
    }
}

/// Starts the sound card and unmutes the mixer in one step, on the mixer's actor.
private func startSound(_ device: AudioDevice, on mixer: isolated Mixer) {
    device.start()
    mixer.unmute()
}

/// Mutes the mixer and stops the sound card in one step, on the mixer's actor.
private func stopSound(_ device: AudioDevice, on mixer: isolated Mixer) {
    mixer.mute()
    device.stop()
}
