import Testing
@testable import VendorDelegate

// The engine's threads. On the main actor, tests play the main thread, as the vendor's
// documentation promises; `@concurrent` functions play the engine's audio thread.

@concurrent func interruptOnTheAudioThread(_ engine: PlaybackEngine) async {
    engine.interrupt()
}

@concurrent func endTrackOffTheMainThread(_ engine: PlaybackEngine) async {
    _ = engine.trackDidEnd("Episode 1")
}

/// Lets the main actor run the updates queued on it, until `done()` holds; a player that never
/// updates gives up after a thousand turns.
@MainActor func settle(until done: () -> Bool) async {
    var turns = 0
    while !done() && turns < 1_000 {
        await Task.yield()
        turns += 1
    }
}

@Test @MainActor func theEngineGetsTheNextTrackFromTheQueue() {
    let player = PlayerModel(queue: ["Episode 2", "Episode 3"])
    let engine = player.connect()
    #expect(engine.trackDidEnd("Episode 1") == "Episode 2",
            "the engine waits for the answer on the main thread: the player must answer from its queue right away")
    #expect(player.nowPlaying == "Episode 2")
    #expect(player.queue == ["Episode 3"])
    #expect(engine.trackDidEnd("Episode 2") == "Episode 3")
    #expect(engine.trackDidEnd("Episode 3") == nil, "an empty queue stops playback")
    #expect(player.nowPlaying == "Episode 3")
}

@Test @MainActor func anInterruptionOnTheAudioThreadPausesThePlayer() async throws {
    // In a process of its own first: a player that stops the app here would stop every test.
    try await #require(processExitsWith: .success,
                       "the engine called `engineWasInterrupted` on its audio thread, as documented, and the app stopped there") {
        let player = await PlayerModel(queue: ["Episode 2"])
        let engine = await player.connect()
        await interruptOnTheAudioThread(engine)
        withExtendedLifetime(player) {}
    }
    let player = PlayerModel(queue: ["Episode 2"])
    let engine = player.connect()
    _ = engine.trackDidEnd("Episode 1")
    await interruptOnTheAudioThread(engine)
    await settle { player.isPaused }
    #expect(player.isPaused, "an interruption on the audio thread must pause the player, on the main actor")
    #expect(player.nowPlaying == "Episode 2", "an interruption pauses the track; it doesn't change it")
}

@Test func aBrokenPromiseStopsTheAppAtTheCall() async {
    await #expect(processExitsWith: .failure,
                  "the engine asked for the next track off the main thread, breaking its documented promise, and the player answered anyway: a broken promise must stop the app at the call, not race with the screen") {
        let player = await PlayerModel(queue: ["Episode 2"])
        let engine = await player.connect()
        await endTrackOffTheMainThread(engine)
        withExtendedLifetime(player) {}
    }
}
