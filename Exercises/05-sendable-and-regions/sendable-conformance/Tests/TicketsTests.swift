import Testing
@testable import SendableConformance

/// Compiles only for `Sendable` types: the app hands these to other isolation domains.
private func requireSendable<T: Sendable>(_ type: T.Type) {}

private let centre = Zone(number: 1, name: "Centre")
private let harbour = Zone(number: 2, name: "Harbour")

private func ticket(_ holder: String, rides: Int, zones: [Zone] = [centre]) -> Ticket {
    Ticket(holder: holder, pass: Pass(zones: zones, ridesLeft: rides))
}

@Test func thePackagesTypesAreSendable() {
    requireSendable(Zone.self)
    requireSendable(Pass.self)
    requireSendable(Ticket.self)
    requireSendable(Gate.self)
}

@Test func aGateOpensForOneRide() async {
    let gate = Gate(zone: 1)
    let used = await gate.tapIn(ticket("Ana", rides: 10))
    #expect(used?.holder == "Ana")
    #expect(used?.pass.ridesLeft == 9)
    #expect(await gate.opened == 1)
}

@Test(arguments: [
    ticket("Ben", rides: 10, zones: [harbour]),  // a pass for another zone
    ticket("Cai", rides: 0),  // no ride left
])
func aGateStaysShutForATicketItDoesNotTake(_ ticket: Ticket) async {
    let gate = Gate(zone: 1)
    #expect(await gate.tapIn(ticket) == nil)
    #expect(await gate.opened == 0)
}

@Test func tappingTheSameTicketTwiceTakesOneRideEachTime() async {
    let gate = Gate(zone: 1)
    let mine = ticket("Ana", rides: 10)
    let first = await gate.tapIn(mine)
    let second = await gate.tapIn(mine)  // the app didn't hear the first answer, and asks again
    #expect(mine.pass.ridesLeft == 10,
            "the gate's ride was taken from the app's own ticket too: the ticket and the gate's answer share one pass")
    #expect(first?.pass.ridesLeft == 9 && second?.pass.ridesLeft == 9,
            "one ride at the gate took two from the pass: every copy of the ticket shares one pass")
}

@Test func aFamilyTapsInTogether() async {
    let gates = [Gate(zone: 1), Gate(zone: 1), Gate(zone: 2)]
    let family = [ticket("Ana", rides: 3), ticket("Ben", rides: 0), ticket("Cai", rides: 1, zones: [centre, harbour])]
    let answers = await tapInTogether(family, at: gates)
    #expect(answers.map { $0?.holder } == ["Ana", nil, "Cai"])
    #expect(answers.map { $0?.pass.ridesLeft } == [2, nil, 0])
    #expect(await gates[1].opened == 0)
    #expect(family.map(\.pass.ridesLeft) == [3, 0, 1])
}
