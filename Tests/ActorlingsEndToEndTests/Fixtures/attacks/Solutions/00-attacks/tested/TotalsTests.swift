import Testing
@testable import Tested

@Test func addsEveryValue() {
    #expect(total([1, 2, 3]) == 6)
}
