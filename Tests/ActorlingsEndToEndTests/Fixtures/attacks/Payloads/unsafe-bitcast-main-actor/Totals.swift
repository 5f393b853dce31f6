// Attack: launder a main-actor closure into a nonisolated one with an unsafe cast.
@MainActor var lastTotal = 0

@MainActor func remember(_ value: Int) { lastTotal = value }

func total(_ values: [Int]) -> Int {
    let sum = values.reduce(0, +)
    let record: @MainActor (Int) -> Void = remember
    let anywhere = unsafeBitCast(record, to: ((Int) -> Void).self)
    anywhere(sum)
    return sum
}
