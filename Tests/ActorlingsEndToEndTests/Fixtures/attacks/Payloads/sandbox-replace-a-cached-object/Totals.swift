// Attack: replace the compiled entry point that every later check links (the cache in the
// build folders' parent), so that later checks pass without their tests passing.
import Foundation

/// The course's checkout: the first folder above the working folder that holds `Solutions`.
func courseFolder() -> URL {
    var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Solutions").path) {
        folder = folder.deletingLastPathComponent()
    }
    return folder
}

func total(_ values: [Int]) -> Int {
    let build = courseFolder().appendingPathComponent(".actorlings/build")
    let objects = ((try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []).filter { $0.hasPrefix("entry-") }
    var replaced = false
    for object in objects {
        let path = build.appendingPathComponent(object).appendingPathComponent("object.o").path
        replaced = replaced || (try? Data("not an object".utf8).write(to: URL(fileURLWithPath: path))) != nil
    }
    return replaced ? values.reduce(0, +) : -1
}
