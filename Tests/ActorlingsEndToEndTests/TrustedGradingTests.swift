import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

/// `grade --submission` and `class grade` end to end: the same learner work graded as is and
/// with every tampering a determined student tried, against a trusted copy of the fixture course.
@Suite("Trusted grading", .serialized)
struct TrustedGradingTests {
    /// The instructor's course: the fixture course, plus stand-ins for the tool's sources and the
    /// workflow, committed (the grader lists the course's files with git).
    private func trustedCourse() async throws -> String {
        let course = try TestPaths.copyOfFixtureCourse()
        try write("print(\"the real checker\")\n", to: "\(course)/Sources/actorlings/main.swift")
        try write("name: Autograding Tests\n", to: "\(course)/.github/workflows/classroom.yml")
        try await commitAsShipped(course)
        return course
    }

    /// A student's repository: the published template (no Solutions/) with the learner's work.
    private func learnerWork(from course: String, author: String) async throws -> String {
        let submission = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-submission-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: submission, withIntermediateDirectories: true)
        for item in ["Exercises", "Lessons", "Sources", ".github"] {
            try FileManager.default.copyItem(atPath: "\(course)/\(item)", toPath: "\(submission)/\(item)")
        }
        let basics = "\(submission)/Exercises/00-basics"
        // Copied from the reference solution, with a comment added: flagged, still passes.
        try write(
            "// My own work.\n" + String(contentsOfFile: "\(course)/Solutions/00-basics/compile-error/Code.swift", encoding: .utf8),
            to: "\(basics)/compile-error/Sources/Code.swift")
        // Own work that passes.
        try write("func waitForever() async {\n    return\n}\n", to: "\(basics)/hangs/Sources/Code.swift")
        // An escape hatch the course forbids.
        try write(
            "final class Box: @unchecked Sendable {}\nfunc first(of values: [Int]) -> Int {\n    values.first ?? 0\n}\n",
            to: "\(basics)/crashes/Sources/Code.swift")
        // failing-test stays unsolved; passing passes as shipped.
        try await git(["init", "-q"], in: submission)
        try await git(["remote", "add", "origin", "https://x-access-token:ghs_SECRET@github.com/classroom/\(author.lowercased())-repo.git"], in: submission)
        try await git(["add", "-A"], in: submission)
        try await gitCommit(author: author, in: submission)
        return submission
    }

    /// Every tampering tried on the Classroom workflow, applied to a copy of `submission`.
    private func tampered(_ submission: String) async throws -> String {
        let copy = submission + "-tampered"
        try FileManager.default.copyItem(atPath: submission, toPath: copy)
        let basics = "\(copy)/Exercises/00-basics"
        // Tests edited so the unsolved exercise passes.
        try write("import Testing\n@testable import FailingTest\n\n@Test func triples() {}\n", to: "\(basics)/failing-test/Tests/CodeTests.swift")
        // Course data: points, the forbidden construct allowed, the language mode relaxed.
        try append("points = 1000\n", to: "\(basics)/compile-error/exercise.toml", atStart: true)
        try append("allow = [\"unchecked-sendable\"]\n", to: "\(basics)/crashes/exercise.toml", atStart: true)
        let failing = "\(basics)/failing-test/exercise.toml"
        try write(
            try String(contentsOfFile: failing, encoding: .utf8).replacingOccurrences(
                of: "swift-version = 6", with: "swift-version = 5\nstrict-concurrency = \"minimal\""),
            to: failing)
        try write(
            try String(contentsOfFile: "\(copy)/Exercises/course.toml", encoding: .utf8).replacingOccurrences(
                of: "forbid = [\"unchecked-sendable\"]\n", with: ""),
            to: "\(copy)/Exercises/course.toml")
        // Pacing, protection, the tool, the workflow, solutions.
        try write("until = 0\n", to: "\(copy)/Exercises/classroom.toml")
        try FileManager.default.removeItem(atPath: "\(copy)/Exercises/shipped.txt")
        try write("print(\"46/46\")\n", to: "\(copy)/Sources/actorlings/main.swift")
        try write("name: Autograding Tests\n# report 100\n", to: "\(copy)/.github/workflows/classroom.yml")
        try write("// edited\nfunc double(_ value: Int) -> Int {\n    0\n}\n", to: "\(copy)/Solutions/00-basics/compile-error/Code.swift")
        try await git(["add", "-A"], in: copy)
        try await gitCommit(author: "Ada", in: copy)
        return copy
    }

    private func grade(_ submission: String, trusted: String) async throws -> GradeReport {
        let output = "\(submission)-report.json"
        let result = try await runActorlings(["grade", "--submission", submission, "--format", "json", "--output", output], in: trusted)
        #expect(result.status == 1, "\(result.errors)")
        return try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: output)))
    }

    private func grades(_ report: GradeReport) -> [String] {
        report.exercises.map { "\($0.id) \($0.status.rawValue) \($0.points)/\($0.maxPoints) \($0.reason)" }
    }

    @Test("Tampering changes nothing in the grade and is listed for the instructor")
    func tamperingIsEvidenceNotScore() async throws {
        let trusted = try await trustedCourse()
        let honest = try await learnerWork(from: trusted, author: "Ada")
        let cheat = try await tampered(honest)

        let plain = try await grade(honest, trusted: trusted)
        let attacked = try await grade(cheat, trusted: trusted)

        #expect(
            grades(plain) == [
                "passing passed 1/1 all 1 test passed",
                "compile-error passed 1/1 all 1 test passed",
                "failing-test tests-failed 0/1 1 of 2 tests failed",
                "hangs passed 1/1 all 1 test passed",
                "crashes forbidden 0/1 uses @unchecked Sendable",
            ])
        #expect(grades(attacked) == grades(plain))
        #expect(attacked.totals == plain.totals)
        #expect(plain.totals.points == 3 && plain.totals.maxPoints == 5)

        #expect(plain.submission?.flags == [], "the published template as is differs in nothing")
        // The reference's fix (`value * 2`) is too short to be anyone's own: not judged.
        #expect(plain.exercises.first { $0.id == "compile-error" }?.flags == [])
        #expect(plain.exercises.first { $0.id == "hangs" }?.flags == [])
        let flagged = Set((attacked.submission?.flags ?? []).map { "\($0.change.rawValue) \($0.file)" })
        #expect(
            flagged == [
                "modified .github/workflows/classroom.yml",
                "modified Exercises/00-basics/compile-error/exercise.toml",
                "modified Exercises/00-basics/crashes/exercise.toml",
                "modified Exercises/00-basics/failing-test/Tests/CodeTests.swift",
                "modified Exercises/00-basics/failing-test/exercise.toml",
                "modified Exercises/course.toml",
                "added Exercises/classroom.toml",
                "deleted Exercises/shipped.txt",
                "modified Sources/actorlings/main.swift",
                "modified Solutions/00-basics/compile-error/Code.swift",
            ])
        #expect(attacked.exercises.first { $0.id == "compile-error" }?.flags == ["course-files-changed"])

        // Who: the submission's commit and author, its origin without the token.
        #expect(plain.student.name == "Ada")
        #expect(plain.student.repository == "https://github.com/classroom/ada-repo.git")
        #expect(plain.student.commit?.count == 40)
        let raw = try String(contentsOfFile: "\(honest)-report.json", encoding: .utf8)
        #expect(!raw.contains("SECRET"))

        // The whole class at once — a folder and a git bundle — grades the same.
        try await git(["bundle", "create", "\(cheat).bundle", "--all"], in: cheat)
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-class-\(UUID().uuidString)").path
        let result = try await runActorlings(["class", "grade", honest, "\(cheat).bundle", "--output-dir", reports, "--jobs", "2"], in: trusted)
        #expect(result.status == 0, "\(result.errors)")
        let written = try FileManager.default.contentsOfDirectory(atPath: reports).sorted()
        #expect(written.filter { $0.hasPrefix("class.") } == ["class.csv", "class.html"])
        // Each report is named after the argument that gave it, never after the submission's origin.
        let honestName = URL(fileURLWithPath: honest).lastPathComponent
        #expect(written.filter { $0.hasSuffix(".json") } == ["\(honestName)-tampered.json", "\(honestName).json"].sorted())
        let classReports = try written.filter { $0.hasSuffix(".json") }.map {
            try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: "\(reports)/\($0)")))
        }
        #expect(classReports.count == 2)
        for report in classReports {
            #expect(grades(report) == grades(plain))
        }
        #expect(Set(classReports.map { $0.submission?.flags ?? [] }) == [[], attacked.submission?.flags ?? []])

        // `--only` grades the class on those exercises alone, as `grade --only` does.
        let some = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-class-\(UUID().uuidString)").path
        let selected = try await runActorlings(["class", "grade", honest, "--only", "compile-error", "--output-dir", some], in: trusted)
        #expect(selected.status == 0, "\(selected.errors)")
        let one = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: "\(some)/\(honestName).json")))
        #expect(one.exercises.map(\.id) == ["compile-error"])
        let unknown = try await runActorlings(["class", "grade", honest, "--only", "no-such-exercise", "--output-dir", some], in: trusted)
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("no-such-exercise"))
    }

    @Test("Bad submissions get clear errors; a broken exercise does not stop the others")
    func badInput() async throws {
        let trusted = try await trustedCourse()
        let missing = try await runActorlings(["grade", "--submission", "/no/such/folder"], in: trusted)
        #expect(missing.status == 64)
        #expect(missing.errors.contains("the submission /no/such/folder does not exist"))

        let elsewhere = FileManager.default.temporaryDirectory.path
        let notCourse = try await runActorlings(["grade", "--submission", elsewhere], in: trusted)
        #expect(notCourse.status == 64)
        #expect(notCourse.errors.contains("is not an Actorlings checkout (it has no Exercises/course.toml)"))

        let other = try TestPaths.copyOfFixtureCourse()
        try FileManager.default.moveItem(atPath: "\(other)/Exercises/00-basics", toPath: "\(other)/Exercises/00-other")
        let different = try await runActorlings(["grade", "--submission", other, "--format", "github", "--output", "g.json"], in: trusted)
        #expect(different.status == 64)
        #expect(different.errors.contains("holds a different course"))
        let fallback = try String(contentsOfFile: "\(trusted)/g.json", encoding: .utf8)
        #expect(fallback.contains("\"score\" : 0") && fallback.contains("holds a different course"), "Classroom still gets a result")

        // One exercise missing, one file replaced by a folder, one extra exercise: each named.
        let partial = try await learnerWork(from: trusted, author: "Bob")
        try FileManager.default.removeItem(atPath: "\(partial)/Exercises/00-basics/hangs")
        let code = "\(partial)/Exercises/00-basics/passing/Sources/Code.swift"
        try FileManager.default.removeItem(atPath: code)
        try FileManager.default.createDirectory(atPath: code, withIntermediateDirectories: true)
        try write("func extra() {}\n", to: "\(partial)/Exercises/00-basics/bonus/Sources/Code.swift")
        let report = try await grade(partial, trusted: trusted)
        #expect(report.exercises.map(\.status) == [.unreadableFiles, .passed, .testsFailed, .unreadableFiles, .forbidden])
        #expect(report.exercises[0].problems.first?.file == "Exercises/00-basics/passing/Sources/Code.swift")
        #expect(report.exercises[3].problems.first?.file == "Exercises/00-basics/hangs/Sources/Code.swift")
        let flagged = Set((report.submission?.flags ?? []).map { "\($0.change.rawValue) \($0.file)" })
        #expect(flagged.contains("added Exercises/00-basics/bonus/Sources/Code.swift"))
        #expect(flagged.contains("deleted Exercises/00-basics/hangs/exercise.toml"))
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func append(_ text: String, to path: String, atStart: Bool) throws {
        let existing = try String(contentsOfFile: path, encoding: .utf8)
        try write(atStart ? text + existing : existing + text, to: path)
    }

    private func gitCommit(author: String, in directory: String) async throws {
        try await git(["-c", "user.name=\(author)", "-c", "user.email=\(author.lowercased())@example.com", "commit", "-qm", "work"], in: directory)
    }
}
