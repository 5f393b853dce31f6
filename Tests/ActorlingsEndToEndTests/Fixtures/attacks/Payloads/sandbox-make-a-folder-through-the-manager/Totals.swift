// Attack: make a folder outside the run's scratch folder with FileManager.createDirectory, in the
// shared temporary folder that every user may write.
import Foundation

func total(_ values: [Int]) -> Int {
    let made = (try? FileManager.default.createDirectory(atPath: "/tmp/actorlings-escape-folder", withIntermediateDirectories: true)) != nil
    return made ? values.reduce(0, +) : -1
}
