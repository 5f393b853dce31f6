/// Read-only access to the course's files, so that the loader is pure logic that tests can
/// feed from memory while the tool feeds it from disk.
public protocol CourseFileSource: Sendable {
    /// The text of the file at `path` (relative to the repository root).
    func read(_ path: String) -> FileContents
    /// The names of the regular files directly in `directory`, or nil when it does not exist.
    func files(in directory: String) -> [String]?
    /// The names of the subdirectories of `directory`, or nil when it does not exist.
    func directories(in directory: String) -> [String]?
}

public enum FileContents: Sendable, Equatable {
    case text(String)
    case missing
    case unreadable(String)
}

/// A course held in memory: the loader's tests and fixtures use it.
public struct InMemoryCourseFiles: CourseFileSource {
    public var contents: [String: String]

    public init(_ contents: [String: String]) {
        self.contents = contents
    }

    public func read(_ path: String) -> FileContents {
        contents[path].map(FileContents.text) ?? .missing
    }

    public func files(in directory: String) -> [String]? {
        let prefix = directory + "/"
        let names = contents.keys.filter { $0.hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)) }
        guard !names.isEmpty else { return nil }
        return names.filter { !$0.contains("/") }.sorted()
    }

    public func directories(in directory: String) -> [String]? {
        let prefix = directory + "/"
        let names = contents.keys.filter { $0.hasPrefix(prefix) }
            .map { String($0.dropFirst(prefix.count)) }
        guard !names.isEmpty else { return nil }
        return Set(names.compactMap { name in name.split(separator: "/").count > 1 ? String(name.split(separator: "/")[0]) : nil }).sorted()
    }
}
