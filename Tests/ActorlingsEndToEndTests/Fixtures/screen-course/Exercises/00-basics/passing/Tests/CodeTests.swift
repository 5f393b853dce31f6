import Testing
@testable import Passing

@Test func addsNumbers() {
    #expect(add(2, 3) == 5)
}
