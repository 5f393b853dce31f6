import Testing
@testable import FailingTest

@Test func triples() {
    #expect(triple(3) == 9)
}

@Test func triplesZero() {
    #expect(triple(0) == 0)
}
