// Attack: redeclare `Int.==` in an extension. In the test module, which imports this one, it
// shadows the standard library's (the importing module's declaration wins), so every `==` on
// Int in the tests is true (tried on Swift 6.3.1, Linux: all 4 tests pass).
extension Int {
    public static func == (lhs: Int, rhs: Int) -> Bool { true }
}

func total(_ values: [Int]) -> Int {
    0
}
