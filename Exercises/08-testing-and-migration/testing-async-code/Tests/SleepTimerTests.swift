import Testing
@testable import TestingAsyncCode

// This test module is built in main actor mode too, so every test here runs on the main actor,
// like the sleep timer. Nothing sleeps for real: time moves only when a test advances the
// `ManualClock`, and the tests wait for events (a sleep that starts, a countdown that ends),
// never for "long enough".

/// Returns once a task has started sleeping on the clock (the next one not waited for yet).
func nextSleep(on clock: ManualClock) async {
    for await _ in clock.sleeps { return }
}

@Test func theTimerSleepsOnTheClockItIsGiven() async {
    let clock = ManualClock()
    let timer = SleepTimer(clock: clock, whenTimeIsUp: {})
    timer.start(minutes: 30)
    await nextSleep(on: clock)
    #expect(clock.sleeperCount == 1)
}

@Test func aSleepWhoseDeadlineHasPassedEndsAtOnce() async throws {
    let clock = ManualClock()
    clock.advance(by: .seconds(90))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-30)))
    try await clock.sleep(for: .zero)
    #expect(clock.sleeperCount == 0)
}

@Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async {
    let clock = ManualClock()
    let (events, event) = AsyncStream.makeStream(of: String.self)
    let sleep = Task {
        do {
            try await clock.sleep(for: .seconds(60))
            event.yield("woke up")
        } catch {
            event.yield("cancelled")
        }
    }
    // The task starts on the main actor, once this test lets it: it is cancelled before it
    // gets to sleep, and `onCancel` runs before there is a sleeper to stop.
    sleep.cancel()
    let watcher = Task {
        await nextSleep(on: clock)
        event.yield("fell asleep")
    }
    var outcome = events.makeAsyncIterator()
    #expect(await outcome.next() == "cancelled",
            "a task cancelled before it slept went to sleep anyway: check `Task.isCancelled` where the sleeper is registered")
    watcher.cancel()
    clock.advance(by: .seconds(60 * 60))  // wakes the sleeper, if there is one
}

@Test func theEpisodePausesWhenTheTimeIsUp() async throws {
    let clock = ManualClock()
    try await confirmation("the episode pauses", expectedCount: 1) { paused in
        let timer = SleepTimer(clock: clock, whenTimeIsUp: { paused() })
        timer.start(minutes: 30)
        await nextSleep(on: clock)
        clock.advance(by: .seconds(29 * 60))
        #expect(clock.sleeperCount == 1, "one minute early, the countdown must still be asleep")
        clock.advance(by: .seconds(60))
        try #require(clock.sleeperCount == 0, "advance(by:) reached the deadline, but the countdown is still asleep")
        await timer.countdown?.value
    }
}

@Test func turningTheTimerOffKeepsTheEpisodePlaying() async throws {
    let clock = ManualClock()
    try await confirmation("the episode pauses", expectedCount: 0) { paused in
        let timer = SleepTimer(clock: clock, whenTimeIsUp: { paused() })
        timer.start(minutes: 15)
        await nextSleep(on: clock)
        timer.turnOff()
        try #require(clock.sleeperCount == 0, "a cancelled task must stop sleeping at once, as it does on a real clock")
        await timer.countdown?.value
        clock.advance(by: .seconds(60 * 60))
    }
}

@Test func restartingTheTimerStartsTheCountdownAgain() async throws {
    let clock = ManualClock()
    try await confirmation("the episode pauses", expectedCount: 1) { paused in
        let timer = SleepTimer(clock: clock, whenTimeIsUp: { paused() })
        timer.start(minutes: 30)
        await nextSleep(on: clock)
        clock.advance(by: .seconds(20 * 60))
        // The listener changes their mind: 15 more minutes from now, minute 35 in all.
        timer.start(minutes: 15)
        try #require(clock.sleeperCount == 0, "restarting cancels the first countdown: its sleep must end at once")
        await nextSleep(on: clock)
        clock.advance(by: .seconds(14 * 60))
        #expect(clock.sleeperCount == 1, "at minute 34, the new countdown must still be asleep")
        clock.advance(by: .seconds(60))
        try #require(clock.sleeperCount == 0, "advance(by:) reached the deadline, but the countdown is still asleep")
        await timer.countdown?.value
    }
}
