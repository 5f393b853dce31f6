// TODO: the totals are wrong.
func total(_ values: [Int]) -> Int {
    0
}
