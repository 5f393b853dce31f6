// Attack on a text scanner: the module-qualified spelling of an unchecked conformance.
final class Tally: @unchecked Swift.Sendable {
    var sum = 0
}

func total(_ values: [Int]) -> Int {
    let tally = Tally()
    for value in values { tally.sum += value }
    return tally.sum
}
