import ActorlingsTestSupport
import Foundation
import Testing

/// `reset` and `solution` against a git clone of the fixture course.
@Suite("Reset and solution", .serialized)
struct ResetAndSolutionTests {
    let course: String

    init() async throws {
        course = try TestPaths.copyOfFixtureCourse()
        try await commitAsShipped(course)
    }

    @Test("reset restores the shipped file even after a commit, and backs up the learner's version")
    func resetAfterCommit() async throws {
        let path = course + "/Exercises/00-basics/failing-test/Sources/Code.swift"
        let shipped = try String(contentsOfFile: path, encoding: .utf8)
        let mine = "func triple(_ value: Int) -> Int {\n    value + value + value // my attempt\n}\n"
        try mine.write(toFile: path, atomically: true, encoding: .utf8)
        try await git(["commit", "-qam", "my work"], in: course)

        let refused = try await runActorlings(["reset", "failing-test"], in: course)
        #expect(refused.status == 64, "without a terminal, reset asks for --yes")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == mine)

        let result = try await runActorlings(["reset", "failing-test", "--yes"], in: course)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == shipped)
        let backups = course + "/.actorlings/backups/failing-test"
        let stamp = try #require(try FileManager.default.contentsOfDirectory(atPath: backups).first)
        let saved = try String(contentsOfFile: "\(backups)/\(stamp)/Exercises/00-basics/failing-test/Sources/Code.swift", encoding: .utf8)
        #expect(saved == mine)
        #expect(result.output.contains("Your previous version is in .actorlings/backups/failing-test/"))

        let again = try await runActorlings(["reset", "failing-test", "--yes"], in: course)
        #expect(again.output.contains("already as shipped"))
    }

    @Test("solution waits for a pass, then shows the reference and a diff")
    func solution() async throws {
        let early = try await runActorlings(["solution", "failing-test"], in: course)
        #expect(early.status == 1)
        #expect(early.output.contains("does not pass yet"))
        #expect(!early.output.contains("value * 3"))

        let path = course + "/Exercises/00-basics/failing-test/Sources/Code.swift"
        try "func triple(_ value: Int) -> Int {\n    3 * value\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let shown = try await runActorlings(["solution", "failing-test"], in: course)
        #expect(shown.status == 0)
        #expect(shown.output.contains("── Solutions/00-basics/failing-test/Code.swift ──"))
        #expect(shown.output.contains("- " + "    3 * value"))
        #expect(shown.output.contains("+ " + "    value * 3"))
    }
}
