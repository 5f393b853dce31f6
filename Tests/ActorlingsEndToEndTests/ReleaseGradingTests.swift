import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

/// A submission is judged by the course version it has, or the one the instructor names: that
/// release's tests, exercise list and points, read from the instructor's git history. The course
/// (the fixture course) is released as v1, then as v2, which makes `failing-test`'s tests catch
/// negative numbers and adds `adds`, worth 2 points. One student is still on v1, one has v2;
/// both wrote the same `triple` (`abs(value) * 3`: right for v1's tests, wrong for v2's).
@Suite("Grading by release", .serialized)
struct ReleaseGradingTests {
    static let counted = "passing,failing-test,adds"
    static let triple = "func triple(_ value: Int) -> Int {\n    abs(value) * 3\n}\n"

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @discardableResult
    func git(_ arguments: [String], in directory: String) async throws -> String {
        let result = try await runProgram("/usr/bin/env", ["git", "-c", "user.name=Course", "-c", "user.email=c@example.com"] + arguments, in: directory)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.errors)")
        return result.output
    }

    /// A student's copy of the course at `ref`: the template's files, without `Solutions/`.
    func student(at ref: String, from course: String, into folder: String) async throws {
        try await git(["clone", "-q", course, folder], in: course)
        try await git(["checkout", "-q", ref], in: folder)
        try FileManager.default.removeItem(atPath: folder + "/Solutions")
        try write(Self.triple, to: folder + "/Exercises/00-basics/failing-test/Sources/Code.swift")
    }

    /// The course with v1 and v2 tagged; the checkout is at v2, as an instructor's is after the release.
    func makeCourse(in base: String) async throws -> String {
        let course = base + "/course"
        try FileManager.default.copyItem(atPath: TestPaths.fixtureCourse, toPath: course)
        try write(WorkshopEndToEndTests.studentWorkflow("v1"), to: course + "/.github/workflows/classroom.yml")
        try write("/.actorlings/\n", to: course + "/.gitignore")
        try await git(["init", "-q", "--initial-branch=main"], in: course)
        try await git(["add", "-A"], in: course)
        try await git(["commit", "-qm", "v1"], in: course)
        try await git(["tag", "v1"], in: course)

        // v2: one exercise's tests changed, one exercise added (2 points), the workflow moved on.
        let tests = course + "/Exercises/00-basics/failing-test/Tests/CodeTests.swift"
        try write(try read(tests) + "\n@Test func triplesNegatives() {\n    #expect(triple(-2) == -6)\n}\n", to: tests)
        let definition = course + "/Exercises/00-basics/failing-test/exercise.toml"
        try write(
            try read(definition).replacingOccurrences(of: "tests = [\"triples()\"]", with: "tests = [\"triples()\", \"triplesNegatives()\"]"), to: definition)
        let adds = course + "/Exercises/00-basics/adds"
        try write(
            "title = \"Adding them all\"\nsection = \"adding-numbers\"\nfiles = [\"Code.swift\"]\npoints = 2\ntime-limit = 10\n\n[settings]\nswift-version = 6\n\n[expect]\ntests = [\"addsAll()\"]\n",
            to: adds + "/exercise.toml")
        try write("func addAll(_ values: [Int]) -> Int {\n    0\n}\n", to: adds + "/Sources/Code.swift")
        try write(
            "import Testing\n@testable import Adds\n\n@Test func addsAll() {\n    #expect(addAll([1, 2, 3]) == 6)\n}\n", to: adds + "/Tests/CodeTests.swift")
        try write("func addAll(_ values: [Int]) -> Int {\n    values.reduce(0, +)\n}\n", to: course + "/Solutions/00-basics/adds/Code.swift")
        try write(try read(course + "/Lessons/Hints/00-basics/passing.toml"), to: course + "/Lessons/Hints/00-basics/adds.toml")
        let definitionOfCourse = course + "/Exercises/course.toml"
        try write(
            try read(definitionOfCourse).replacingOccurrences(of: "\"hangs\", \"crashes\"]", with: "\"hangs\", \"crashes\", \"adds\"]"),
            to: definitionOfCourse)
        try write(WorkshopEndToEndTests.studentWorkflow("v2"), to: course + "/.github/workflows/classroom.yml")
        let generate = try await runActorlings(["dev", "generate"], in: course)
        #expect(generate.status == 0, "\(generate.output)\(generate.errors)")
        try await git(["add", "-A"], in: course)
        try await git(["commit", "-qm", "v2"], in: course)
        try await git(["tag", "v2"], in: course)
        return course
    }

    /// What one report says, in every format: JSON totals, JUnit's properties, Classroom's scores.
    struct Numbers: Equatable, CustomStringConvertible {
        var points: Int
        var maxPoints: Int
        var description: String { "\(points)/\(maxPoints)" }
    }

    func numbers(json: String, junit: String, github: String) throws -> [Numbers] {
        let report = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: json)))
        let xml = try read(junit)
        func property(_ name: String) -> Int? {
            guard let start = xml.range(of: "<property name=\"\(name)\" value=\"") else { return nil }
            return Int(xml[start.upperBound...].prefix { $0 != "\"" })
        }
        let classroom = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: github))) as? [String: Any])
        let scores = (classroom["tests"] as? [[String: Any]] ?? []).compactMap { $0["score"] as? Int }
        return [
            Numbers(points: report.totals.points, maxPoints: report.totals.maxPoints),
            Numbers(points: report.exercises.reduce(0) { $0 + $1.points }, maxPoints: report.exercises.reduce(0) { $0 + $1.maxPoints }),
            Numbers(points: property("total_points") ?? -1, maxPoints: property("total_max_points") ?? -1),
            Numbers(points: scores.reduce(0, +), maxPoints: classroom["max_score"] as? Int ?? -1),
        ]
    }

    @Test("A v1 student gets v1's tests and maximum, a v2 student v2's, in class grade and grade --submission alike; a missing release is named")
    func gradedByTheirRelease() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-releases-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let course = try await makeCourse(in: base)
        try await student(at: "v1", from: course, into: base + "/ada")
        try await student(at: "v2", from: course, into: base + "/grace")
        try write(
            "func addAll(_ values: [Int]) -> Int {\n    var sum = 0\n    for value in values { sum += value }\n    return sum\n}\n",
            to: base + "/grace/Exercises/00-basics/adds/Sources/Code.swift")
        // A student whose workflow names a release the course never had.
        try await student(at: "v1", from: course, into: base + "/lin")
        let workflow = base + "/lin/.github/workflows/classroom.yml"
        try write(try read(workflow).replacingOccurrences(of: "v1", with: "v7"), to: workflow)

        // What each is worth, by its own release: v1 has passing and failing-test (1 point each);
        // v2 adds `adds` (2 points), and its failing-test catches `abs`.
        let expected: [String: (release: String, statuses: [String: GradedExercise.Status], numbers: Numbers)] = [
            "ada": ("v1", ["passing": .passed, "failing-test": .passed], Numbers(points: 2, maxPoints: 2)),
            "grace": ("v2", ["passing": .passed, "failing-test": .testsFailed, "adds": .passed], Numbers(points: 3, maxPoints: 4)),
        ]

        // 1. class grade: each judged by its own release; Lin (release v7) not graded, with the reason.
        let grades = base + "/grades"
        let classGrade = try await runActorlings(
            ["class", "grade", base + "/ada", base + "/grace", base + "/lin", "--only", Self.counted, "--output-dir", grades], in: course)
        #expect(classGrade.status == 1, "\(classGrade.output)\(classGrade.errors)")
        #expect(classGrade.errors.contains("names the course release v7"), "\(classGrade.errors)")
        #expect(classGrade.output.contains("ada: judged against the course at v1"), "\(classGrade.output)")
        let csv = try read(grades + "/class.csv").split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(csv.first)
        let rows = Dictionary(csv.dropFirst().map { ($0[0], $0) }, uniquingKeysWith: { first, _ in first })
        let points = try #require(header.firstIndex(of: "points"))
        let maxPoints = try #require(header.firstIndex(of: "max_points"))
        #expect(rows["lin"]?.joined(separator: ",").contains("not graded: the submission \(base)/lin names the course release v7") == true)

        for (name, want) in expected.sorted(by: { $0.key < $1.key }) {
            let report = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: "\(grades)/\(name).json")))
            #expect(report.course.release == want.release)
            #expect(Dictionary(uniqueKeysWithValues: report.exercises.map { ($0.id, $0.status) }) == want.statuses, "\(name)")
            #expect(Numbers(points: report.totals.points, maxPoints: report.totals.maxPoints) == want.numbers, "\(name)")
            let flags = report.submission?.flags ?? []
            #expect(flags.isEmpty, "\(name) is judged against its own release: \(flags)")
            #expect(rows[name]?[points] == String(want.numbers.points) && rows[name]?[maxPoints] == String(want.numbers.maxPoints), "\(name) in the CSV")
            #expect(
                classGrade.output.split(separator: "\n").contains { $0.hasPrefix(name + " ") && $0.contains(" \(want.numbers) ") },
                "\(name) in the text: \(classGrade.output)")

            // 2. grade --submission, the Classroom path: the same release, the same numbers in every format.
            let out = base + "/" + name
            let single = try await runActorlings(
                [
                    "grade", "--submission", base + "/" + name, "--only", Self.counted, "--format", "json", "--output", out + ".json",
                    "--report", "junit=\(out).xml", "--report", "github=\(out)-github.json",
                ], in: course)
            #expect(single.status == (want.numbers.points == want.numbers.maxPoints ? 0 : 1), "\(single.output)\(single.errors)")
            #expect(single.output.contains("Fixture course 1.0.0 (release \(want.release)) — grade"), "\(single.output)")
            let seen = try numbers(json: out + ".json", junit: out + ".xml", github: out + "-github.json")
            #expect(seen == Array(repeating: want.numbers, count: 4), "\(name): JSON, its exercises, JUnit, Classroom")
            let alone = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: out + ".json")))
            #expect(Dictionary(uniqueKeysWithValues: alone.exercises.map { ($0.id, $0.status) }) == want.statuses, "\(name)")
            let aloneFlags = alone.submission?.flags ?? []
            #expect(alone.course.release == want.release)
            #expect(aloneFlags.isEmpty)
        }

        // 3. The instructor names v2 for the student on v1: v2's tests and maximum, and v1's files
        // are differences from v2.
        let named = try await runActorlings(
            ["grade", "--submission", base + "/ada", "--release", "v2", "--only", Self.counted, "--format", "json", "--output", base + "/named.json"],
            in: course)
        #expect(named.status == 1, "\(named.errors)")
        let againstV2 = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: base + "/named.json")))
        #expect(againstV2.course.release == "v2")
        #expect(Numbers(points: againstV2.totals.points, maxPoints: againstV2.totals.maxPoints) == Numbers(points: 1, maxPoints: 4))
        #expect(againstV2.submission?.flags.contains(SubmissionFlag(file: "Exercises/00-basics/failing-test/Tests/CodeTests.swift", change: .modified)) == true)

        // 4. A release that does not exist: an error that names it and says what to do.
        for command in [["grade", "--submission", base + "/ada"], ["class", "grade", base + "/ada"]] {
            let missing = try await runActorlings(command + ["--release", "v9"], in: course)
            #expect(missing.status == 64, "\(missing.output)\(missing.errors)")
            #expect(missing.errors.contains("--release v9: this checkout has no tag or commit v9; `git tag` lists the releases it has"), "\(missing.errors)")
        }
        let lost = try await runActorlings(["grade", "--submission", base + "/lin", "--only", Self.counted], in: course)
        #expect(lost.status == 64 && lost.errors.contains("names the course release v7"), "\(lost.errors)")

        // v1 was read from git into the checkout's own folder, never from a student's copy.
        let kept = try FileManager.default.contentsOfDirectory(atPath: course + "/.actorlings/releases")
        let v1 = try await git(["rev-parse", "v1^{commit}"], in: course).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(kept == [v1], "\(kept)")

        // A kept release that changed since (here its tests made to fail everything) is read from
        // git again before it judges anyone.
        let keptTests = course + "/.actorlings/releases/\(v1)/Exercises/00-basics/failing-test/Tests/CodeTests.swift"
        let committed = try read(keptTests)
        try write("import Testing\n@testable import FailingTest\n\n@Test func triples() {\n    #expect(Bool(false))\n}\n", to: keptTests)
        let again = try await runActorlings(
            ["grade", "--submission", base + "/ada", "--only", Self.counted, "--format", "json", "--output", base + "/again.json"], in: course)
        #expect(again.status == 0, "\(again.output)\(again.errors)")
        let regraded = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: base + "/again.json")))
        #expect(Numbers(points: regraded.totals.points, maxPoints: regraded.totals.maxPoints) == Numbers(points: 2, maxPoints: 2))
        #expect(try read(keptTests) == committed)
    }

    @Test("A course without its git history (downloaded, not cloned) judges by itself a submission that names a release")
    func withoutHistory() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-no-history-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let course = base + "/course"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixtureCourse, toPath: course)
        try write(WorkshopEndToEndTests.studentWorkflow("v1"), to: course + "/.github/workflows/classroom.yml")
        try FileManager.default.copyItem(atPath: course, toPath: base + "/ada")
        try FileManager.default.removeItem(atPath: base + "/ada/Solutions")
        let graded = try await runActorlings(
            ["grade", "--submission", base + "/ada", "--only", "passing", "--format", "json", "--output", base + "/ada.json"], in: course)
        #expect(graded.status == 0, "\(graded.output)\(graded.errors)")
        let report = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: base + "/ada.json")))
        #expect(report.course.release == nil && report.totals.points == 1 && report.totals.maxPoints == 1)
        // Naming a release there is still an error that says so.
        let named = try await runActorlings(["grade", "--submission", base + "/ada", "--release", "v1"], in: course)
        #expect(named.status == 64 && named.errors.contains("--release v1: this checkout has no tag or commit v1"), "\(named.errors)")
    }
}
