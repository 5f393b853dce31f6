// TODO: the tally counts one short.
func tally(_ values: [Int]) -> Int {
    values.dropFirst().reduce(0, +)
}
