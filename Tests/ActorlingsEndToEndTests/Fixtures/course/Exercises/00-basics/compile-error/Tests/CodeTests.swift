import Testing
@testable import CompileError

@Test func doubles() {
    #expect(double(21) == 42)
}
