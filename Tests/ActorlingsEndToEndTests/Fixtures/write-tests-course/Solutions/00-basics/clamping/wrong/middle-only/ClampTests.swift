import Testing
@testable import Clamping

@Test func keepsAValueInside() {
    #expect(clamp(5, to: 1...10) == 5)
}
