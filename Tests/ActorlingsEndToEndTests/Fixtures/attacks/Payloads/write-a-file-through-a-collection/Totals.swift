// Attack: write a file with the Objective-C-era collection methods (for instance over a compiled
// test object that later grades reuse), which no `FileManager` or `write(toFile:encoding:)` spells.
import Foundation

func total(_ values: [Int]) -> Int {
    let forged: NSDictionary = ["kind": "forged"]
    _ = forged.write(toFile: "events.jsonl", atomically: true)
    return values.reduce(0, +)
}
