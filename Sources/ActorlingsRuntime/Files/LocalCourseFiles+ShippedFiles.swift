public import ActorlingsCore
import Foundation

extension LocalCourseFiles {
    /// The blob ids of the exercise files as they are on disk now (for `dev generate`, and for
    /// `dev check` to notice a stale `shipped.txt`).
    public func shippedFiles(of course: Course) -> ShippedFiles {
        var ids: [String: String] = [:]
        for exercise in course.exercises {
            let support = exercise.supportModules.flatMap(\.files)
            for path in exercise.sourcePaths + exercise.protectedPaths + exercise.testPaths + exercise.mutantPaths + support {
                if let data = FileManager.default.contents(atPath: absolute(path)) {
                    ids[path] = GitBlobID.of(Array(data))
                }
            }
        }
        return ShippedFiles(ids: ids)
    }
}
