import Testing
@testable import CustomGlobalActor

// This test module is built in main actor mode too. The tests drive the playback from no actor
// at all (`@concurrent`), so every call they make into a domain — the main actor, an actor, or
// one of your own — is awaited the same way.

/// Plays a track for one buffer, stops, and renders once more; returns the sound card.
@concurrent private func playOneBufferAndStop() async -> AudioDevice {
    let device = AudioDevice()
    let mixer = Mixer(device: device)
    let transport = Transport(mixer: mixer, device: device)
    await mixer.setVolume(0.5, of: "drums")
    await transport.play()
    await mixer.renderNextBuffer()
    await transport.stop()
    await mixer.renderNextBuffer()
    return device
}

/// Whether `domain` is the shared instance of a global actor: a domain that several types join.
private func isGlobalActor(_ domain: any Actor) -> Bool {
    guard let global = type(of: domain) as? any GlobalActor.Type else { return false }
    return global.shared === domain
}

@Suite struct PlaybackTests {
    @Test func playbackStaysOffTheMainActor() async {
        let log = await playOneBufferAndStop().log
        for call in log {
            #expect(
                call.isolation != nil,
                "the sound card's '\(call.name)' came from no isolation domain at all: nothing keeps the mixer and the transport from changing under each other"
            )
            #expect(
                call.isolation !== MainActor.shared,
                "the sound card's '\(call.name)' came from the main actor: the music waits whenever the screen is busy"
            )
        }
    }

    @Test func theTransportAndTheMixerShareOneDomain() async throws {
        let log = await playOneBufferAndStop().log
        let first = try #require(log.first, "the sound card was never started")
        for call in log.dropFirst() {
            #expect(
                call.isolation === first.isolation,
                "the sound card's '\(call.name)' came from another isolation domain than its 'start': the transport and the mixer run apart, so other work can run between stopping one and silencing the other"
            )
        }
        // An actor instance is the domain of one object: if the sound is driven from the mixer's
        // own actor, the transport's state can't be in that domain with it.
        if let domain = first.isolation {
            #expect(
                isGlobalActor(domain),
                "the sound card was driven from the mixer's own actor: the transport's state stays in another domain and changes a hop after the sound, so the transport and the mixer still run apart"
            )
        }
    }

    @Test func theDomainIsOneStoredActor() async throws {
        let log = await playOneBufferAndStop().log
        let domain = try #require(log.first?.isolation, "the sound card was never started from an isolation domain")
        // A global actor is one domain only if reading `shared` twice gives the same actor.
        if let global = type(of: domain) as? any GlobalActor.Type {
            #expect(
                global.shared === global.shared,
                "reading the global actor's `shared` twice gave two actors: each read makes a new one, so code marked with it doesn't wait for other code marked with it. `shared` must be one stored instance (`static let`)"
            )
        }
    }

    @Test @concurrent func stoppingSilencesTheMixerInTheSameStep() async {
        let device = AudioDevice()
        let mixer = Mixer(device: device)
        let transport = Transport(mixer: mixer, device: device)
        await mixer.setVolume(0.5, of: "drums")
        await mixer.setVolume(0.25, of: "bass")
        await transport.play()
        #expect(await transport.isPlaying)
        #expect(await !mixer.isMuted, "playing should let the mixer be heard")
        await mixer.renderNextBuffer()
        await transport.stop()
        #expect(await !transport.isPlaying)
        #expect(await mixer.isMuted, "stopping should silence the mixer")
        await mixer.renderNextBuffer()
        #expect(device.log.map(\.name) == ["start", "play 0.75", "stop", "play 0.0"])
    }
}
