import Testing
@testable import Clamping

@Test func keepsAValueInside() {
    #expect(clamp(5, to: 1...10) == 5)
}

// Waits for the value to come down instead of checking that it did: against the mutant that
// lets a value above the range through, this test never ends.
@Test func lowersAValueAbove() async {
    while clamp(12, to: 1...10) != 10 {
        await Task.yield()
    }
}

@Test func raisesAValueBelow() {
    #expect(clamp(-3, to: 1...10) == 1)
}
