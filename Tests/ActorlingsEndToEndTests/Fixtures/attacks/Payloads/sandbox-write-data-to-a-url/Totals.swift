// Attack: write into the course's checkout (found by walking up from the working folder) with
// Data.write(to:).
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
    let course = courseFolder()
    let written = (try? Data("escaped".utf8).write(to: course.appendingPathComponent("escape-data"))) != nil
    return written ? values.reduce(0, +) : -1
}
