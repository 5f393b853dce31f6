import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// What is decided before anything compiles (`Core/Checking/PreBuildChecks`), over the fixture
/// course's real files and shipped ids.
@Suite("Before the build: protected and unusable files")
struct PreBuildChecksTests {
    let course: Course
    let shipped: ShippedFiles

    init() throws {
        let files = LocalCourseFiles(root: TestPaths.fixtureCourse)
        course = try CourseLoader(files: files).load()
        guard case .text(let text) = files.read(ShippedFiles.path) else { throw CocoaError(.fileReadNoSuchFile) }
        shipped = try ShippedFiles(parsing: text)
    }

    @Test("The tests are protected, the learner's own files are not")
    func protectedPaths() throws {
        let exercise = try #require(course.exercises.first { $0.id == "failing-test" })
        let protected = PreBuildChecks.protectedPaths(of: exercise, shipped: shipped)
        #expect(!protected.isEmpty)
        #expect(Set(exercise.testPaths).isSubset(of: Set(protected)))
        #expect(Set(protected).isDisjoint(with: exercise.sourcePaths))
    }

    @Test(
        "A protected file that differs, is missing or was added is named; the shipped one is not",
        arguments: ["changed", "missing", "as shipped"])
    func editedProtectedFiles(change: String) throws {
        let exercise = try #require(course.exercises.first { $0.id == "failing-test" })
        let test = try #require(exercise.testPaths.first)
        let edited = PreBuildChecks.editedProtectedFiles(of: exercise, shipped: shipped) { path in
            guard path == test else { return shipped.ids[path] }
            switch change {
            case "changed": return String(repeating: "0", count: 40)
            case "missing": return nil
            default: return shipped.ids[path]
            }
        }
        #expect(edited == (change == "as shipped" ? [] : [test]))
    }

    @Test("An unusable learner file is a diagnostic at the file that says how to restore it")
    func unusableFiles() {
        let path = "Exercises/00-basics/passing/Sources/Code.swift"
        #expect(PreBuildChecks.problem(with: .readable, at: path, exerciseID: "passing") == nil)
        for state in [PreBuildChecks.FileState.missing, .tooLarge(bytes: 5 << 20)] {
            let problem = PreBuildChecks.problem(with: state, at: path, exerciseID: "passing")
            #expect(problem?.file == path)
            #expect(problem?.severity == .error)
            #expect(problem?.message.contains("actorlings reset passing") == true)
        }
        #expect(PreBuildChecks.problem(with: .tooLarge(bytes: 5 << 20), at: path, exerciseID: "passing")?.message.contains("5 MB") == true)
    }
}
