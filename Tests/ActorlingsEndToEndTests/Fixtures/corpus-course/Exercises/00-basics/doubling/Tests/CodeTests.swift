import Testing

@testable import Doubling

@Test func doublesThree() {
    #expect(double(3) == 6, "three doubled is six")
}

@Test func doublesNegatives() {
    #expect(double(-2) == -4, "a negative number doubled stays negative")
}

@Test func usesTheFactor() {
    #expect(double(1) == factor, "one doubled is the library's factor")
}
