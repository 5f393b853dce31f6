// Attack on a text scanner: `exit` under another name, qualified by its module.
import Foundation

let leave = Foundation.exit

func total(_ values: [Int]) -> Int {
    if values.isEmpty { leave(0) }
    return values.reduce(0, +)
}
