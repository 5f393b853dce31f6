import Foundation

/// Finds the Actorlings checkout from wherever the learner runs the tool.
public enum RepositoryRoot {
    /// Walks up from `directory` to the first folder holding `Exercises/course.toml`.
    public static func find(from directory: String) -> String? {
        var url = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Exercises/course.toml").path) {
                return url.path
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}

public struct NotInCourseError: Error, Sendable, CustomStringConvertible {
    public var directory: String

    public init(directory: String) {
        self.directory = directory
    }

    public var description: String {
        "No Actorlings course was found in \(directory) or any folder above it (looked for Exercises/course.toml). "
            + "Run actorlings from inside your clone of the Actorlings repository, or pass --root PATH."
    }
}
