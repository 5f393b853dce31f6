import Testing
@testable import Crashes

@Test func firstOfEmpty() {
    #expect(first(of: []) == 0)
}
