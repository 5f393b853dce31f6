import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `actorlings grade` end to end: three courses, every format, golden files.
@Suite("Grading", .serialized)
struct GradeTests {
    /// Grades `course` with the real binary, then replaces what changes from run to run
    /// (time, toolchain, durations, identity) so the report can be compared with a golden file.
    private func grade(_ course: String, _ arguments: [String] = []) async throws -> (status: Int32, report: GradeReport) {
        let output = course + "/report.json"
        let result = try await runActorlings(
            ["grade", "--format", "json", "--output", output] + arguments, in: course, environment: ["GITHUB_REPOSITORY": "classroom/student-repo"])
        var report = try GradeReportFormat.decode(try Data(contentsOf: URL(fileURLWithPath: output)))
        report.generatedAt = "2026-01-01T00:00:00Z"
        report.toolchain = "6.x"
        // How the tests were sandboxed differs by machine (SandboxGradingTests checks it).
        report.sandbox = report.sandbox.map { _ in GradeReport.SandboxInfo(.enforced(mechanism: "the system's sandbox")) }
        report.student = GradeReport.Student(name: "A Student", email: "student@example.com", repository: report.student.repository)
        for index in report.exercises.indices { report.exercises[index].durationSeconds = 0.5 }
        return (result.status, report)
    }

    private func checkAllFormats(_ report: GradeReport, named name: String) async throws {
        for format in GradeReportFormat.allCases {
            let ext = ["text": "txt", "json": "json", "junit": "xml", "github": "github.json"][format.rawValue] ?? format.rawValue
            try goldenFiles.check(format.render(report), named: "grade-\(name).\(ext)")
        }
        try await expectValidJUnit(GradeReportFormat.junit.render(report), cases: report.exercises.count)
    }

    @Test("The shipped course: every exercise fails")
    func shippedCourse() async throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-grade-course-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for folder in ["Exercises", "Lessons", "Solutions"] {
            try FileManager.default.copyItem(atPath: TestPaths.repositoryRoot + "/" + folder, toPath: copy + "/" + folder)
        }
        let (status, report) = try await grade(copy, ["--step", "0,1"])
        #expect(status == 1)
        #expect(report.totals.passed == 0)
        #expect(report.student.repository == "classroom/student-repo")
        #expect(report.exercises.allSatisfy { $0.status == .compileFailed || $0.status == .testsFailed })
        try await checkAllFormats(report, named: "shipped")
    }

    @Test("Every solution in place: everything passes; one-line fixes are too short to judge as copies")
    func allSolutions() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        for id in ["passing", "compile-error", "failing-test", "hangs", "crashes"] {
            let target = "\(course)/Exercises/00-basics/\(id)/Sources/Code.swift"
            try FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: "\(course)/Solutions/00-basics/\(id)/Code.swift", toPath: target)
        }
        let (status, report) = try await grade(course)
        #expect(status == 0)
        #expect(report.totals.points == report.totals.maxPoints)
        // Each fixture fix is a few tokens (`value * 2`): the one right form, which an honest
        // learner writes too (SolutionSimilarity.minimumWrittenTokens).
        #expect(report.exercises.allSatisfy { $0.flags.isEmpty })
        try await checkAllFormats(report, named: "all-solutions")
    }

    @Test("A mixed course: every status, a forbidden construct and edited tests included")
    func mixed() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let passing = "\(course)/Exercises/00-basics/passing/Sources/Code.swift"
        try "func add(_ a: Int, _ b: Int) -> Int {\n    b + a\n}\n".write(toFile: passing, atomically: true, encoding: .utf8)
        let failingTests = "\(course)/Exercises/00-basics/failing-test/Tests/CodeTests.swift"
        try (String(contentsOfFile: failingTests, encoding: .utf8) + "// <edited & \"quoted\">\n").write(
            toFile: failingTests, atomically: true, encoding: .utf8)
        let crashes = "\(course)/Exercises/00-basics/crashes/Sources/Code.swift"
        try ("final class Box: @unchecked Sendable {}\n" + String(contentsOfFile: crashes, encoding: .utf8)).write(
            toFile: crashes, atomically: true, encoding: .utf8)
        let (status, report) = try await grade(course)
        #expect(status == 1)
        #expect(report.exercises.map(\.status) == [.passed, .compileFailed, .testsEdited, .timedOut, .forbidden])
        #expect(report.exercises[0].flags.isEmpty, "an own solution is not flagged")
        try await checkAllFormats(report, named: "mixed")

        let lenient = try await runActorlings(["grade", "--min-score", "20"], in: course)
        #expect(lenient.status == 0)
        let strict = try await runActorlings(["grade", "--min-score", "50"], in: course)
        #expect(strict.status == 1)

        let several = try await runActorlings(
            ["grade", "--only", "passing", "--format", "github", "--output", "g.json", "--report", "junit=g.xml", "--report", "json=g2.json"], in: course)
        #expect(several.status == 0)
        for file in ["g.json", "g.xml", "g2.json"] {
            #expect(FileManager.default.fileExists(atPath: course + "/" + file), "\(file) was not written")
        }
    }

    @Test("Usage errors name the problem")
    func usage() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let format = try await runActorlings(["grade", "--format", "xml"], in: course)
        #expect(format.status == 64)
        #expect(format.errors.contains("--format takes text, json, junit or github, not 'xml'"))
        let step = try await runActorlings(["grade", "--step", "7"], in: course)
        #expect(step.status == 64)
        #expect(step.errors.contains("there is no step 7"))
    }

    /// Well-formed XML with what the Ant JUnit schema requires: each suite's package, id, name,
    /// hostname, zone-less timestamp, counts and time; properties first; system-out and
    /// system-err last; test cases with name, classname and time, holding at most a failure.
    private func expectValidJUnit(_ xml: String, cases: Int) async throws {
        final class Collector: NSObject, XMLParserDelegate {
            var elements: [String] = []
            var testcaseNames: [String] = []
            var problems: [String] = []
            var suiteChildren: [String] = []
            var depth = 0
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                elements.append(name)
                depth += 1
                if depth == 3 { suiteChildren.append(name) }
                switch name {
                case "testsuites":
                    if !attributes.isEmpty { problems.append("testsuites takes no attributes") }
                case "testsuite":
                    for key in ["package", "id", "name", "timestamp", "hostname", "tests", "failures", "errors", "time"] where attributes[key] == nil {
                        problems.append("testsuite lacks \(key)")
                    }
                    if let stamp = attributes["timestamp"], stamp.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/) == nil {
                        problems.append("timestamp \(stamp) is not YYYY-MM-DDTHH:MM:SS")
                    }
                    suiteChildren = []
                case "testcase":
                    if let test = attributes["name"], attributes["classname"] != nil, attributes["time"].flatMap(Double.init) != nil {
                        testcaseNames.append(test)
                    } else {
                        problems.append("testcase lacks name, classname or a decimal time")
                    }
                case "failure":
                    if attributes["type"] == nil { problems.append("failure lacks type") }
                default:
                    break
                }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                depth -= 1
                if name == "testsuite" {
                    let expected = ["properties"] + Array(repeating: "testcase", count: suiteChildren.count - 3) + ["system-out", "system-err"]
                    if suiteChildren != expected { problems.append("testsuite children \(suiteChildren)") }
                }
            }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "JUnit output is not well-formed XML: \(String(describing: parser.parserError))")
        #expect(collector.elements.first == "testsuites")
        #expect(collector.testcaseNames.count == cases)
        #expect(collector.problems.isEmpty, "\(collector.problems)")
    }
}
