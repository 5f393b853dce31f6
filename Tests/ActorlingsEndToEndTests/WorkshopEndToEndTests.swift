import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

/// A one-day workshop played end to end, offline, as `Documentation/Classroom.md` describes it:
/// local bare repositories stand in for GitHub, the fixture course (`Fixtures/course`, five
/// exercises) for the real one. The instructor publishes the course (v1) and the template;
/// six students work — untouched, honest, one who skips, one who tampers, one who copies the
/// reference with cosmetic edits, one who updates to the mid-day release (v2), keeps working and
/// undoes the update — and one more whose clone fails; `class grade` grades them all; the summary
/// is read as text, CSV, HTML, JSON and JUnit.
@Suite("A whole workshop, offline", .serialized, .tags(.endToEnd, .slow))
struct WorkshopEndToEndTests {
    static let graded = "passing,compile-error,failing-test"
    static let failingTest = "Exercises/00-basics/failing-test/Sources/Code.swift"
    static let compileError = "Exercises/00-basics/compile-error/Sources/Code.swift"
    static let hangs = "Exercises/00-basics/hangs/Sources/Code.swift"

    /// The instructor's reference for `failing-test`: long enough to judge a copy by.
    static let reference = """
        func triple(_ value: Int) -> Int {
            let copies = [value, value, value]
            var total = 0
            for copy in copies {
                total += copy
            }
            precondition(copies.count == 3, "three copies")
            return total
        }

        """

    static func studentWorkflow(_ ref: String) -> String {
        """
        name: Autograding Tests
        on: [push]
        jobs:
          grade:
            uses: my-org/actorlings/.github/workflows/actorlings-grade.yml@\(ref)
            with:
              course-repository: my-org/actorlings
              course-ref: \(ref)

        """
    }

    func run(_ arguments: [String], in directory: String) async throws -> (status: Int32, output: String, errors: String) {
        try await runProgram("/usr/bin/env", arguments, in: directory)
    }

    /// git with a throwaway identity; the run must succeed.
    @discardableResult
    func git(_ arguments: [String], in directory: String) async throws -> String {
        let result = try await run(["git", "-c", "user.name=Workshop", "-c", "user.email=w@example.com"] + arguments, in: directory)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.errors)")
        return result.output
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func publish(_ arguments: [String]) async throws {
        let result = try await run(["bash", TestPaths.repositoryRoot + "/Scripts/publish-template.sh"] + arguments, in: TestPaths.repositoryRoot)
        #expect(result.status == 0, "publish-template.sh \(arguments.joined(separator: " ")): \(result.errors)")
    }

    /// Every object in a repository, reachable or not.
    func objects(in repository: String) async throws -> Set<String> {
        Set(try await git(["cat-file", "--batch-all-objects", "--batch-check=%(objectname)"], in: repository).split(separator: "\n").map(String.init))
    }

    @Test("Publish, six students and a failed clone, class grade, every format: the right flags, the skip, no solution leaked, the numbers agree")
    func workshop() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-workshop-\(UUID().uuidString)").path
        let github = base + "/github"
        try FileManager.default.createDirectory(atPath: github, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }

        // 1. The instructor's private course: solutions, the grading and CI workflows, the student
        // workflow pinned to v1.
        let course = base + "/course"
        try FileManager.default.copyItem(atPath: TestPaths.fixtureCourse, toPath: course)
        try write(Self.reference, to: course + "/Solutions/00-basics/failing-test/Code.swift")
        try write(Self.studentWorkflow("v1"), to: course + "/.github/workflows/classroom.yml")
        try write("name: Actorlings grade\n", to: course + "/.github/workflows/actorlings-grade.yml")
        try write("name: CI\n", to: course + "/.github/workflows/ci.yml")
        // A file the course tracks although its .gitignore names it (as the project's own
        // Package.resolved fixture): it must reach the template, or every student lacks it.
        try write("Package.resolved\n", to: course + "/.gitignore")
        try write("{}\n", to: course + "/Exercises/Package.resolved")
        try await git(["init", "-q", "--initial-branch=main"], in: course)
        try await git(["add", "-A"], in: course)
        try await git(["add", "-f", "Exercises/Package.resolved"], in: course)
        try await git(["commit", "-qm", "course"], in: course)

        // 2. Publish the course as v1 and the template; push the course where students fetch it.
        try await publish(["-C", course, "course", base + "/published", "v1"])
        try await publish(["-C", course, "template", base + "/template"])
        try await git(["init", "-q", "--bare", "--initial-branch=main", github + "/course.git"], in: base)
        try await git(["push", "-q", github + "/course.git", "main", "v1"], in: base + "/published")
        let templateFiles = try await git(["ls-files"], in: base + "/template").split(separator: "\n").map(String.init)
        #expect(templateFiles.filter { $0.hasPrefix(".github/") } == [".github/workflows/classroom.yml"])
        #expect(!templateFiles.contains { $0.hasPrefix("Solutions/") })
        #expect(templateFiles.contains("Exercises/Package.resolved"))
        let publishedFiles = try await git(["ls-files"], in: base + "/published").split(separator: "\n").map(String.init)
        #expect(publishedFiles.contains(".github/workflows/actorlings-grade.yml") && !publishedFiles.contains(".github/workflows/ci.yml"))

        // 3. Each student: a copy of the template, their work, a push to their own repository.
        func begin(_ name: String) async throws -> String {
            let work = base + "/work/" + name
            try await git(["clone", "-q", base + "/template", work], in: base)
            return work
        }
        func submit(_ name: String, _ work: String) async throws {
            try await git(["add", "-A"], in: work)
            try await git(["commit", "-q", "--allow-empty", "-m", "\(name)'s work"], in: work)
            try await git(["init", "-q", "--bare", "--initial-branch=main", github + "/\(name).git"], in: base)
            try await git(["push", "-q", github + "/\(name).git", "HEAD:main"], in: work)
        }
        let honestDouble = "func double(_ value: Int) -> Int {\n    value + value\n}\n"

        let untouched = try await begin("untouched")
        try await submit("untouched", untouched)

        let honest = try await begin("honest")
        try write(honestDouble, to: honest + "/" + Self.compileError)
        try write("func triple(_ value: Int) -> Int {\n    value + value + value\n}\n", to: honest + "/" + Self.failingTest)
        try await submit("honest", honest)

        let skipper = try await begin("skipper")
        try write("func double(_ value: Int) -> Int {\n    2 * value\n}\n", to: skipper + "/" + Self.compileError)
        try LearnerProgressFile.write(["compile-error": .passed, "failing-test": .skipped], current: "hangs", in: skipper)
        try await submit("skipper", skipper)

        let tamperer = try await begin("tamperer")
        let tests = tamperer + "/Exercises/00-basics/failing-test/Tests/CodeTests.swift"
        try write(try read(tests).replacingOccurrences(of: "triple(3) == 9", with: "triple(3) == 6"), to: tests)
        try await submit("tamperer", tamperer)

        let copier = try await begin("copier")
        let copy = Self.reference.replacingOccurrences(of: "copies", with: "parts").replacingOccurrences(of: "total", with: "sum")
            .replacingOccurrences(of: "copy", with: "part").replacingOccurrences(of: "    ", with: "\t")
            .replacingOccurrences(of: "{\n", with: "{ // adds up\n")
        try write("// My own solution.\n" + copy, to: copier + "/" + Self.failingTest)
        try await submit("copier", copier)

        // 4. Mid-day release v2: a lesson and an exercise fixed, the student workflow moved on.
        let updater = try await begin("updater")
        try write(honestDouble, to: updater + "/" + Self.compileError)
        try await git(["add", "-A"], in: updater)
        try await git(["commit", "-qm", "morning"], in: updater)
        for path in ["Lessons/00-basics.md", Self.hangs] {
            try write("// fixed by the author\n" + read(course + "/" + path), to: course + "/" + path)
        }
        try write(Self.studentWorkflow("v2"), to: course + "/.github/workflows/classroom.yml")
        let generate = try await runActorlings(["dev", "generate"], in: course)
        #expect(generate.status == 0, "\(generate.errors)")
        try await git(["commit", "-qam", "v2"], in: course)
        try await publish(["-C", course, "course", base + "/published", "v2"])
        try await git(["push", "-q", github + "/course.git", "main", "v2"], in: base + "/published")

        // The updater takes v2 (the tag grading uses), starts the refreshed exercise, then undoes.
        let update = try await runActorlings(["update", github + "/course.git"], in: updater)
        #expect(update.status == 0, "\(update.output)\(update.errors)")
        #expect(try read(updater + "/.github/workflows/classroom.yml").contains("course-ref: v2"))
        #expect(try read(updater + "/" + Self.hangs).hasPrefix("// fixed by the author"))
        let afterUpdate = try read(updater + "/" + Self.hangs) + "// my work after the update\n"
        try write(afterUpdate, to: updater + "/" + Self.hangs)
        let undo = try await runActorlings(["update", "--undo"], in: updater)
        #expect(undo.status == 0, "\(undo.errors)")
        #expect(undo.output.contains("Kept as you changed them after the update (1):\n  \(Self.hangs)"), "\(undo.output)")
        #expect(try read(updater + "/" + Self.hangs) == afterUpdate)
        #expect(try read(updater + "/.github/workflows/classroom.yml").contains("course-ref: v1"))
        try await submit("updater", updater)

        // 5. class grade from the private course (v2, with solutions), a failed clone included.
        let students = ["untouched", "honest", "skipper", "tamperer", "copier", "updater"]
        let grades = base + "/grades"
        let classGrade = try await runActorlings(
            ["class", "grade"] + students.map { github + "/\($0).git" } + ["file://\(github)/eve.git", "--only", Self.graded, "--output-dir", grades],
            in: course)
        #expect(classGrade.status == 1, "one submission could not be graded: \(classGrade.output)\(classGrade.errors)")
        var reports: [String: GradeReport] = [:]
        for name in students {
            reports[name] = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: "\(grades)/\(name).json")))
        }

        // Exactly the tamperer and the copier are flagged; the untouched student (still on v1
        // while the course is at v2) and the honest ones are not.
        func flags(_ name: String) -> [String] {
            guard let report = reports[name] else { return ["no report"] }
            return (report.submission?.flags ?? []).map { "\($0.change.rawValue) \($0.file)" }
                + report.exercises.flatMap { exercise in exercise.flags.map { "\($0) \(exercise.id)" } }
        }
        #expect(flags("tamperer") == ["modified Exercises/00-basics/failing-test/Tests/CodeTests.swift", "course-files-changed failing-test"])
        #expect(flags("copier") == ["copied-solution failing-test"])
        for name in ["untouched", "honest", "skipper", "updater"] {
            #expect(flags(name) == [], "\(name) is flagged: \(flags(name))")
        }

        // The instructor may name the release instead: against v2, the student still on v1 differs.
        let named = try await runActorlings(
            ["class", "grade", github + "/untouched.git", "--release", "v2", "--only", "passing", "--output-dir", base + "/named"], in: course)
        #expect(named.status == 0, "\(named.errors)")
        let againstV2 = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: base + "/named/untouched.json")))
        let v2Differences = (againstV2.submission?.flags ?? []).map(\.file)
        #expect(v2Differences.contains("Lessons/00-basics.md"), "\(v2Differences)")
        let unknown = try await runActorlings(["class", "grade", github + "/untouched.git", "--release", "v9"], in: course)
        #expect(unknown.status == 64 && unknown.errors.contains("--release v9: this checkout has no tag or commit v9"), "\(unknown.errors)")

        // The skip is visible in the report, the CSV and the text.
        #expect(reports["skipper"]?.exercises.first { $0.id == "failing-test" }?.skipped == true)
        let csv = try read(grades + "/class.csv")
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = try #require(rows.first)
        let row = Dictionary(rows.dropFirst().map { ($0[0], $0) }, uniquingKeysWith: { first, _ in first })
        let failingColumn = try #require(header.firstIndex(of: "failing-test"))
        #expect(row["skipper"]?[failingColumn] == "skipped")

        // The failed clone is on the class page, in the CSV and in the text.
        #expect(try read(grades + "/class.html").contains("<strong class=\"warn\">eve</strong>"))
        #expect(row["eve"]?.last?.hasPrefix("not graded: ") == true)
        #expect(classGrade.output.contains("Not graded (1):\n  eve: "))

        // No object of any reference solution in any student's repository, local or pushed.
        let tree = try await git(["ls-tree", "-r", "HEAD"], in: course).split(separator: "\n")
        func blob(_ line: Substring) -> String { String(line.split(separator: "\t")[0].split(separator: " ")[2]) }
        let public_ = Set(tree.filter { !$0.contains("\tSolutions/") }.map(blob))
        let solutions = Set(tree.filter { $0.contains("\tSolutions/") }.map(blob)).subtracting(public_)
        #expect(!solutions.isEmpty)
        for repository in students.flatMap({ [base + "/work/" + $0, github + "/\($0).git"] }) + [base + "/template", github + "/course.git"] {
            #expect(try await objects(in: repository).isDisjoint(with: solutions), "a solution's object is in \(repository)")
        }

        // Every number agrees: the JSON reports, class grade's text, CSV and HTML, `class` over
        // the JSON reports (CSV, first column included), and JUnit rendered from each report.
        let points = try #require(header.firstIndex(of: "points"))
        let maxPoints = try #require(header.firstIndex(of: "max_points"))
        let html = try read(grades + "/class.html")
        let reportCSV = try await runActorlings(["class", "--format", "csv"] + students.map { "\(grades)/\($0).json" }, in: base)
        let reportRows = Dictionary(
            reportCSV.output.split(separator: "\n").dropFirst().map { line in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                return (fields[0], fields)
            }, uniquingKeysWith: { first, _ in first })
        for name in students {
            let report = try #require(reports[name])
            let total = "\(report.totals.points)/\(report.totals.maxPoints)"
            #expect(report.exercises.reduce(0) { $0 + $1.points } == report.totals.points)
            #expect(row[name]?[points] == String(report.totals.points) && row[name]?[maxPoints] == String(report.totals.maxPoints), "\(name)")
            #expect(reportRows[name]?[points] == String(report.totals.points) && reportRows[name]?[maxPoints] == String(report.totals.maxPoints))
            #expect(classGrade.output.split(separator: "\n").contains { $0.hasPrefix(name + " ") && $0.contains(" \(total) ") }, "\(name) \(total)")
            let cell = try #require(html.range(of: "title=\"\(name)\">\(name)"), "\(name) is on the page")
            #expect(html[cell.upperBound...].prefix(4000).contains("<td class=\"points\">\(total)</td>"), "\(name) \(total) in HTML")
            let junit = GradeReportFormat.junit.render(report)
            #expect(junit.contains("<property name=\"total_points\" value=\"\(report.totals.points)\"/>"))
            #expect(junit.contains("<property name=\"total_max_points\" value=\"\(report.totals.maxPoints)\"/>"))
        }
        #expect(
            students.map { reports[$0]?.totals.points ?? -1 } == [1, 3, 2, 1, 2, 2], "untouched, honest, skipper, tamperer, copier, updater")
        let elapsed = clock.now - start
        print("workshop end to end: \(elapsed.components.seconds) s")
    }
}
