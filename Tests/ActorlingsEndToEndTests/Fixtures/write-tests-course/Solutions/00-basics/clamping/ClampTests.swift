import Testing
@testable import Clamping

@Test func keepsAValueInside() {
    #expect(clamp(5, to: 1...10) == 5)
}

@Test func lowersAValueAbove() {
    #expect(clamp(12, to: 1...10) == 10)
}

@Test func raisesAValueBelow() {
    #expect(clamp(-3, to: 1...10) == 1)
}
