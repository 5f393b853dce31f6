public import ActorlingsCore
import Foundation

/// Computes the blob ids of the exercise files as they are on disk now (for `dev generate`, and
/// for `dev check` to notice a stale `shipped.txt`).
public struct ShippedFilesScanner: Sendable {
    public let root: String

    public init(root: String) {
        self.root = root
    }

    public func scan(_ course: Course) -> ShippedFiles {
        var ids: [String: String] = [:]
        for exercise in course.exercises {
            let support = exercise.supportModules.flatMap(\.files)
            for path in exercise.sourcePaths + exercise.protectedPaths + exercise.testPaths + exercise.mutantPaths + support {
                if let data = FileManager.default.contents(atPath: root + "/" + path) {
                    ids[path] = GitBlobID.of(Array(data))
                }
            }
        }
        return ShippedFiles(ids: ids)
    }
}
