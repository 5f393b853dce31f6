// Attack: write a file without FileManager, FileHandle or write(to:). A suite of preferences
// named by an absolute path is written to that path plus ".plist" (tried on Swift 6.3.1, Linux).
import Foundation

func total(_ values: [Int]) -> Int {
    let preferences = UserDefaults(suiteName: "/tmp/actorlings-attack-preferences")
    preferences?.set("written by the learner's code", forKey: "note")
    _ = preferences?.synchronize()
    return values.reduce(0, +)
}
