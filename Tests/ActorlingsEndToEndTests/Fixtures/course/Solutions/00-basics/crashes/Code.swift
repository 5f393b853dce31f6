func first(of values: [Int]) -> Int {
    values.first ?? 0
}
