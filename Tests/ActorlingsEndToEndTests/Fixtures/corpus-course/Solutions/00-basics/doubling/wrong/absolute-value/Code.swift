func double(_ value: Int) -> Int {
    abs(value) * factor
}
