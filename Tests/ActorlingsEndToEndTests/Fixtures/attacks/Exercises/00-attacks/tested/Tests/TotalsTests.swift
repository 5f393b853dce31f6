import Testing
@testable import Tested

// TODO: write a test that fails for a total that leaves a value out.
@Test func addsNothing() {
    #expect(total([]) == 0)
}
