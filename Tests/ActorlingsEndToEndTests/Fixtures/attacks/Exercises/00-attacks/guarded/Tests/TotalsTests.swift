import Testing
@testable import Guarded

@Test func addsThreeValues() {
    #expect(total([1, 2, 3]) == 6)
}

@Test func addsOneValue() {
    #expect(total([7]) == 7)
}

@Test func addsNegativeValues() {
    #expect(total([-2, 5]) == 3)
}

@Test func addsNothing() {
    #expect(total([]) == 0)
}
