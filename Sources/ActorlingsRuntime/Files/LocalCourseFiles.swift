public import ActorlingsCore
import Foundation

/// The course's files on disk, below the repository root.
public struct LocalCourseFiles: CourseFileSource {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    public func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : root + "/" + path
    }

    public func read(_ path: String) -> FileContents {
        let url = URL(fileURLWithPath: absolute(path))
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return .missing }
            return .unreadable("permission denied or not a regular file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .unreadable("not valid UTF-8 text; save it as UTF-8")
        }
        return .text(text)
    }

    public func files(in directory: String) -> [String]? {
        entries(in: directory)?.filter { !$0.isDirectory }.map(\.name)
    }

    public func directories(in directory: String) -> [String]? {
        entries(in: directory)?.filter(\.isDirectory).map(\.name)
    }

    private func entries(in directory: String) -> [(name: String, isDirectory: Bool)]? {
        let path = absolute(directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return names.sorted().map { name in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isDirectory)
            return (name, isDirectory.boolValue)
        }
    }
}
