import Testing
@testable import LongFailure

// Serialized, so that the failures are reported in this order and the screen goldens are stable.
@Suite(.serialized) struct SquaresTests {
    @Test func squaresUpTo100() {
        #expect(squares(upTo: 100) == (0..<100).map { $0 * $0 })
    }

    @Test func cubesUpTo60() {
        #expect(cubes(upTo: 60) == (0..<60).map { $0 * $0 * $0 })
    }

    @Test func greeting() {
        let expected = String(repeating: "Hello and welcome to the course, ", count: 4) + "Ada."
        #expect(LongFailure.greeting(for: "Ada") == expected)
    }

    @Test func countdown() {
        #expect(LongFailure.countdown(from: 3) == [3, 2, 1, 0])
    }
}
