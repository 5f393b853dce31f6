// Attack: create a file in the learner's home-like shared folder with FileManager.createFile,
// reached through /proc/self/cwd rather than a name the screen could know.
import Foundation

func total(_ values: [Int]) -> Int {
    let created = FileManager.default.createFile(atPath: "/proc/self/cwd/../../../../escape-manager", contents: Data("x".utf8))
    return created ? values.reduce(0, +) : -1
}
