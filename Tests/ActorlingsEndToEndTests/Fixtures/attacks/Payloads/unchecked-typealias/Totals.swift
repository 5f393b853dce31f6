// Attack on a text scanner: an unchecked conformance to a typealias of Sendable.
typealias Shareable = Sendable

final class Tally: @unchecked Shareable {
    var sum = 0
}

func total(_ values: [Int]) -> Int {
    let tally = Tally()
    for value in values { tally.sum += value }
    return tally.sum
}
