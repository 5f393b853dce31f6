func double(_ value: Int) -> Int {
    Double(value) * 2.0
}
