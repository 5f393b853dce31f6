func double(_ value: Int) -> Int {
    let result = value * 2
}
