func sumOfSquares(_ values: [Int]) -> Int {
    values.map { $0 * $0 }.reduce(0, +)
}
