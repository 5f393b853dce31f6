import Testing
@testable import ScooterUnlock

// This test module is built in main actor mode: every `@Test` runs on the main actor.

// TODO: last weekend two riders were charged for one scooter and met at it. Riders also
// report scooters that stay "in use" on the map for hours: after a lost signal, and after they
// gave up waiting for the lock to open. ScooterFleet.swift is fixed now, and no test caught any
// of it. Write tests that pass for it as it is and fail for each of those bugs (the verdict
// describes each one they let through).

@Test func aFreeScooterUnlocks() async throws {
    let radio = HeldRadio()
    let fleet = ScooterFleet(radio: radio)
    let unlocking = Task { try await fleet.unlock("S-12", for: "Ana") }
    await radio.waitForRequests(1)
    radio.open("S-12")
    try await unlocking.value
    #expect(await fleet.riders["S-12"] == "Ana")
}
