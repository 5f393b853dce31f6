// Attack: write outside the run's scratch folder with String.write(toFile:), into the shared
// temporary folder, which every user may write: only the sandbox stops it. Honest totals only
// when the write got through.
import Foundation

func total(_ values: [Int]) -> Int {
    let written = (try? "escaped".write(toFile: "/tmp/actorlings-escape-string", atomically: false, encoding: .utf8)) != nil
    return written ? values.reduce(0, +) : -1
}
