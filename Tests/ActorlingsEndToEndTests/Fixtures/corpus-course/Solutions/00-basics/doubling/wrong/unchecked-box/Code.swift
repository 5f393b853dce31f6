final class Cache: @unchecked Sendable {
    var last = 0
}

func double(_ value: Int) -> Int {
    value * factor
}
