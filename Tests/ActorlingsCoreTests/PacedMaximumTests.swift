import Foundation
import Testing

@testable import ActorlingsCore

/// GitHub Classroom's maximum is the whole course's, whatever pacing keeps closed: a step that
/// opens changes what a student can earn, never what the score is out of.
@Suite("Classroom maximum under pacing")
struct PacedMaximumTests {
    static let exercises = [("a", 0, 1), ("b", 1, 2), ("c", 2, 3)].map { id, step, points in
        Exercise(
            id: id, title: id.uppercased(), stepNumber: step, section: "s", files: [], testFiles: [], settings: CompilerSettings(),
            expectedFailure: .tests(["t"]), forbidden: [], hints: [], afterPass: "", timeLimit: .seconds(1), points: points, directory: "",
            solutionDirectory: "")
    }

    static func classroom(openUntil step: Int) throws -> (maxScore: Int, tests: [[String: Any]]) {
        let course = Course(format: 1, title: "C", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [], steps: [])
        let open = exercises.filter { $0.stepNumber <= step }
        let graded = open.map { exercise in
            GradedExercise(
                exercise: exercise, verdict: Verdict(exerciseID: exercise.id, outcome: .passed(testCount: 1), duration: .zero), copiedSolution: false)
        }
        var report = GradeReport(toolVersion: "1", toolchain: "6", course: course, student: .init(), generatedAt: "", exercises: graded)
        let closed = exercises.filter { $0.stepNumber > step }.map(GradeReport.ClosedExercise.init)
        report.opensLater = closed.isEmpty ? nil : closed
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(GradeReportFormat.github.render(report).utf8)) as? [String: Any])
        return (try #require(json["max_score"] as? Int), try #require(json["tests"] as? [[String: Any]]))
    }

    @Test("The maximum stays 6 as steps open; closed exercises are zero-point tests that say so", arguments: [0, 1, 2])
    func stable(step: Int) throws {
        let result = try Self.classroom(openUntil: step)
        #expect(result.maxScore == 6)
        #expect(result.tests.count == 6)
        let earned = result.tests.reduce(0) { $0 + ($1["score"] as? Int ?? 0) }
        #expect(earned == Self.exercises.filter { $0.stepNumber <= step }.reduce(0) { $0 + $1.points })
        #expect(result.tests.filter { ($0["message"] as? String)?.hasPrefix("opens later") == true }.count == 6 - earned)
    }
}
