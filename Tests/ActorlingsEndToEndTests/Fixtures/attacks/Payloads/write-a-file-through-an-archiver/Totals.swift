// Attack: write a file through the keyed archiver's file convenience.
import Foundation

func total(_ values: [Int]) -> Int {
    _ = NSKeyedArchiver.archiveRootObject(NSString(string: "forged"), toFile: "events.jsonl")
    return values.reduce(0, +)
}
