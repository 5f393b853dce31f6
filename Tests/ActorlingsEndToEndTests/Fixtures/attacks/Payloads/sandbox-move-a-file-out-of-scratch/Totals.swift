// Attack: write a file where writing is allowed (the run's own scratch folder), then move it out
// with FileManager.moveItem: a rename, not a write, to a folder outside. (The tests run at once:
// the first call moves the file, the others find it moved.)
import Foundation

func total(_ values: [Int]) -> Int {
    let outside = "/tmp/actorlings-escape-moved"
    let inside = FileManager.default.currentDirectoryPath + "/escape-\(UUID().uuidString)"
    guard FileManager.default.createFile(atPath: inside, contents: Data("x".utf8)) else { return -1 }
    let moved = (try? FileManager.default.moveItem(atPath: inside, toPath: outside)) != nil
    return moved || FileManager.default.fileExists(atPath: outside) ? values.reduce(0, +) : -1
}
