/// `value`, moved into `range` if it is outside.
func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int {
    max(value, range.lowerBound)
}
