func total(_ values: [Int]) -> Int {
    values.reduce(0, +)
}
