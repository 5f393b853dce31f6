// A music player's playback engine, built in main actor mode.

/// The playback engine's own isolation domain: the mixer and the transport share it, off the
/// main actor, so they call each other synchronously and change together.
@globalActor actor PlaybackActor {
    static var shared: PlaybackActor { PlaybackActor() }
}

/// Mixes the tracks into the buffers the sound card plays, at each track's volume.
@PlaybackActor final class Mixer {
    private let device: AudioDevice
    private var volumes: [String: Double] = [:]
    private(set) var isMuted = true

    /// Made anywhere: it only keeps its parts.
    nonisolated init(device: AudioDevice) {
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
@PlaybackActor final class Transport {
    private let mixer: Mixer
    private let device: AudioDevice
    private(set) var isPlaying = false

    /// Made anywhere: it only keeps its parts.
    nonisolated init(mixer: Mixer, device: AudioDevice) {
        self.mixer = mixer
        self.device = device
    }

    // In one domain with the mixer: no `await` between the steps, so nothing runs in between.
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
