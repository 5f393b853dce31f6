import ActorlingsCore
import Foundation

extension CourseVerifier {
    /// The shipped `Exercises/test-references.txt` must list exactly what the exercise's tests
    /// use of its reference solution's module: a stale set would reject an honest answer, or
    /// accept a declaration the tests should never resolve to. `solution` is how the reference
    /// solution's check in `solutionBuild` ended: when it passed, or was refused only for what its
    /// tests use, its module is there to dump the tests against.
    func testReferenceFindings(_ exercise: Exercise, solution: Outcome, solutionBuild: String) async throws -> [Finding] {
        guard exercise.kind != .writeTests else { return [] }
        var moduleIsBuilt = solution.isPassed
        if case .forbidden(let findings) = solution, findings.allSatisfy({ $0.construct.id == TestReferences.constructID }) {
            moduleIsBuilt = true
        }
        guard moduleIsBuilt else { return [] }  // the solution's own problem is reported
        let fix = "run `swift run actorlings dev generate`"
        let shipped: TestReferences?
        do {
            shipped = try checker.shippedTestReferences()
        } catch let error as CourseLoadError {
            return error.problems.map(Self.finding)
        }
        guard let expected = shipped?.sets[exercise.id] else {
            return [Finding(subject: TestReferences.path, message: "has no [\(exercise.id)] section; \(fix)")]
        }
        guard
            let current = try await checker.testReferenceNames(
                exercise, sourceDirectory: exercise.solutionDirectory, buildDirectory: solutionBuild, moduleIsBuilt: true)
        else {
            return [Finding(subject: exercise.solutionDirectory, message: "its tests could not be read against the solution's module")]
        }
        guard current != expected else { return [] }
        let added = current.subtracting(expected).sorted().map { "+\($0)" }
        let removed = expected.subtracting(current).sorted().map { "-\($0)" }
        return [
            Finding(
                subject: TestReferences.path,
                message: "[\(exercise.id)] is out of date with its reference solution (\((added + removed).joined(separator: ", "))); \(fix)")
        ]
    }
}
