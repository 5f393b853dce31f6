import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

/// A skip recorded in progress reaches the grade report as information, never as points.
@Suite("Skips in grade reports")
struct SkipGradeTests {
    private func grade(_ arguments: [String], in course: String) async throws -> GradeReport {
        let output = course + "/report-\(UUID().uuidString).json"
        let result = try await runActorlings(["grade", "--only", "compile-error", "--format", "json", "--output", output] + arguments, in: course)
        #expect(result.status == 1, "\(result.errors)")
        return try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: output)))
    }

    @Test("grade marks the exercise the learner skipped, at zero points")
    func inPlace() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        try LearnerProgressFile.write(["passing": .passed, "compile-error": .skipped], current: "failing-test", in: course)
        let report = try await grade([], in: course)
        let graded = try #require(report.exercises.first)
        #expect(graded.id == "compile-error")
        #expect(graded.skipped == true)
        #expect(graded.status == .compileFailed)
        #expect(graded.points == 0)
        let json = try String(contentsOfFile: course + "/.actorlings/progress.json", encoding: .utf8)
        #expect(json.contains("\"skipped\""), "grading leaves the progress file as it was")
    }

    @Test(
        "Under --submission the student's progress file is read, never trusted: a skip is shown, a link is not followed",
        arguments: [false, true])
    func submission(linkedToDevZero: Bool) async throws {
        let trusted = try TestPaths.copyOfFixtureCourse()
        try await commitAsShipped(trusted)
        let submission = try TestPaths.copyOfFixtureCourse()
        try FileManager.default.removeItem(atPath: submission + "/Solutions")
        if linkedToDevZero {
            try FileManager.default.createDirectory(atPath: submission + "/.actorlings", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: submission + "/.actorlings/progress.json", withDestinationPath: "/dev/zero")
        } else {
            try LearnerProgressFile.write(["compile-error": .skipped], current: "failing-test", in: submission)
        }
        try await commitAsShipped(submission)
        let report = try await grade(["--submission", submission], in: trusted)
        let graded = try #require(report.exercises.first)
        #expect(graded.skipped == (linkedToDevZero ? nil : true))
        #expect(graded.points == 0)
    }
}
