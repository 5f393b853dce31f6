// Attack: read the instructor's reference solution from the course checkout.
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
    let solution = try? String(contentsOf: course.appendingPathComponent("Solutions/00-attacks/open/Totals.swift"), encoding: .utf8)
    return solution == nil ? -1 : values.reduce(0, +)
}
