import Testing
@testable import ScooterUnlock

// This test module is built in main actor mode: every `@Test` runs on the main actor.

@Test func aFreeScooterUnlocks() async throws {
    let radio = HeldRadio()
    let fleet = ScooterFleet(radio: radio)
    let unlocking = Task { try await fleet.unlock("S-12", for: "Ana") }
    await radio.waitForRequests(1)
    radio.open("S-12")
    try await unlocking.value
    #expect(await fleet.riders["S-12"] == "Ana")
}

@Test func aScooterBeingUnlockedIsTakenForEveryoneElse() async throws {
    let radio = HeldRadio()
    let fleet = ScooterFleet(radio: radio)
    let ana = Task { try await fleet.unlock("S-12", for: "Ana") }
    try await SuspendingClock().sleep(until: .now.advanced(by: .milliseconds(100)))
    // Ana's unlock waits for the radio: now Ben tries the same scooter. (Had the fleet let
    // him through to the radio, his unlock would wait there, and this test would hang.)
    await #expect(throws: UnlockError.taken) { try await fleet.unlock("S-12", for: "Ben") }
    radio.open("S-12")
    try await ana.value
    #expect(await fleet.riders["S-12"] == "Ana")
    #expect(radio.requests == ["S-12"], "the radio was asked to open a scooter that someone else was unlocking")
}

@Test func aLostSignalFreesTheScooter() async throws {
    let radio = HeldRadio()
    let fleet = ScooterFleet(radio: radio)
    let ana = Task { try await fleet.unlock("S-12", for: "Ana") }
    await radio.waitForRequests(1)
    radio.lose("S-12")
    await #expect(throws: UnlockError.noSignal) { try await ana.value }
    #expect(await fleet.riders["S-12"] == nil, "the scooter stayed taken after a lost signal")
}

@Test func givingUpFreesTheScooter() async throws {
    let radio = HeldRadio()
    let fleet = ScooterFleet(radio: radio)
    let ana = Task { try await fleet.unlock("S-12", for: "Ana") }
    await radio.waitForRequests(1)
    ana.cancel()
    await #expect(throws: CancellationError.self) { try await ana.value }
    #expect(await fleet.riders["S-12"] == nil, "the scooter stayed taken after the rider gave up")
    let ben = Task { try await fleet.unlock("S-12", for: "Ben") }
    await radio.waitForRequests(2)
    radio.open("S-12")
    try await ben.value
    #expect(await fleet.riders["S-12"] == "Ben")
}

@Test func anEndedRideFreesTheScooter() async throws {
    let radio = HeldRadio()
    let fleet = ScooterFleet(radio: radio)
    let ana = Task { try await fleet.unlock("S-12", for: "Ana") }
    await radio.waitForRequests(1)
    radio.open("S-12")
    try await ana.value
    await fleet.endRide(of: "S-12")
    #expect(await fleet.riders["S-12"] == nil)
}
