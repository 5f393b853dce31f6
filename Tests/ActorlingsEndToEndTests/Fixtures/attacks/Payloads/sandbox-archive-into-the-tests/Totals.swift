// Attack: overwrite the exercise's protected test file with a property list
// (PropertyListSerialization + NSData.write(toFile:)), a spelling no name list has to know.
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
    let exercise = courseFolder()
        .appendingPathComponent("Exercises/00-attacks/open/Tests/TotalsTests.swift")
    guard let archive = try? PropertyListSerialization.data(fromPropertyList: ["escaped"], format: .xml, options: 0) else {
        return -1
    }
    let written = NSData(data: archive).write(toFile: exercise.path, atomically: false)
    return written ? values.reduce(0, +) : -1
}
