// Attack: write a file next to the test binary.
import Foundation

func total(_ values: [Int]) -> Int {
    try? "forged".write(toFile: "events.jsonl", atomically: true, encoding: .utf8)
    return values.reduce(0, +)
}
