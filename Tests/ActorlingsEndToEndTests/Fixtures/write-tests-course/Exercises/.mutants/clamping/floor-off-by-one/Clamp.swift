/// `value`, moved into `range` if it is outside.
func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
    value < range.lowerBound ? range.lowerBound + 1 : min(value, range.upperBound)
}
