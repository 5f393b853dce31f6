import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// The course as shipped in this repository proves itself: the same checks as `dev check`.
@Suite("The shipped course is sound", .tags(.endToEnd, .slow))
struct CourseSoundnessTests {
    @Test("Every exercise fails as declared, every solution passes, every lesson block compiles as claimed")
    func devCheck() async throws {
        let root = TestPaths.repositoryRoot
        let files = LocalCourseFiles(root: root)
        let course = try CourseLoader(files: files).load()
        guard case .text(let shippedText) = files.read(ShippedFiles.path) else {
            Issue.record("\(ShippedFiles.path) is missing; run `swift run actorlings dev generate`")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let toolchain = try await Toolchain.locate(environment: environment, minimum: course.minimumSwift)
        // Sandboxed as a learner's check is, with the built tool as the launcher: the course must
        // pass inside the wall, not only outside it.
        var builder = ExerciseBuilder(toolchain: toolchain, environment: environment)
        if Sandbox.probe().isEnforced { builder.sandbox = SandboxSetup(launcher: TestPaths.binary, toolchain: toolchain) }
        let checker = ExerciseChecker(root: root, course: course, shipped: try ShippedFiles(parsing: shippedText), builder: builder)
        let report = try await CourseVerifier(checker: checker).verify()
        // One issue per finding, each on one line, so that a CI log cut short still shows it.
        for finding in report.findings { Issue.record("\(finding.description.replacing("\n", with: " ⏎ "))") }
        #expect(report.exercisesChecked == course.exercises.count)
        #expect(report.blocksChecked > 0)
    }

    @Test("The IDE's package reports the same first error as actorlings")
    func idePackageAgrees() async throws {
        let root = TestPaths.repositoryRoot
        let course = try CourseLoader(files: LocalCourseFiles(root: root)).load()
        // An exercise with non-default settings, so the manifest's settings are exercised too.
        let exercise = try #require(course.exercises.first { $0.settings.defaultIsolation == .mainActor })
        let environment = ProcessInfo.processInfo.environment
        let toolchain = try await Toolchain.locate(environment: environment, minimum: course.minimumSwift)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-ide-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let swift = URL(fileURLWithPath: toolchain.swiftc).deletingLastPathComponent().appendingPathComponent("swift").path
        let build = try await Subprocess.run(
            ProcessRequest(
                executable: swift,
                arguments: ["build", "--package-path", root + "/Exercises", "--scratch-path", scratch, "--target", exercise.moduleName],
                environment: environment, timeLimit: .seconds(600)))
        let ide = Set(DiagnosticParser.parse(build.output).filter { $0.severity == .error }.map { "\($0.line ?? 0): \($0.message)" })

        let checker = ExerciseChecker(
            root: root, course: course, shipped: ShippedFiles(), builder: ExerciseBuilder(toolchain: toolchain, environment: environment))
        let verdict = try await checker.check(exercise, buildDirectory: scratch + "-engine")
        defer { try? FileManager.default.removeItem(atPath: scratch + "-engine") }
        guard case .compileFailed(let diagnostics) = verdict.outcome else {
            Issue.record("expected \(exercise.id) to fail to compile as shipped, got \(verdict.outcome.kind)")
            return
        }
        let engine = Set(diagnostics.filter { $0.severity == .error }.map { "\($0.line ?? 0): \($0.message)" })
        #expect(!engine.isEmpty)
        #expect(engine == ide, "SwiftPM printed:\n\(build.output.suffix(2000))")
    }
}
