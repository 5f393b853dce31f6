import Testing
@testable import QuizReview

@Test func reviews() {
    #expect(sumOfSquares([1, 2, 3]) == 14)
}
