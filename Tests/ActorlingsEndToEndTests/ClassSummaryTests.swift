import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

/// `actorlings class` over the grade reports recorded by `GradeTests` (real reports), plus
/// files that are not reports.
@Suite("Class summary")
struct ClassSummaryTests {
    private func reportsFolder() async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-class-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let golden = TestPaths.testsDirectory.appendingPathComponent("Golden").path
        // Three students of the fixture course: one finished, two part-way.
        try FileManager.default.copyItem(atPath: golden + "/grade-all-solutions.json", toPath: folder + "/ada.json")
        try FileManager.default.copyItem(atPath: golden + "/grade-mixed.json", toPath: folder + "/grace.json")
        var mixed = try GradeReportFormat.decode(try Data(contentsOf: URL(fileURLWithPath: folder + "/grace.json")))
        mixed.student = GradeReport.Student(name: "Alan", repository: "classroom/alan")
        try GradeReportFormat.json.render(mixed).write(toFile: folder + "/alan.json", atomically: true, encoding: .utf8)
        var ada = try GradeReportFormat.decode(try Data(contentsOf: URL(fileURLWithPath: folder + "/ada.json")))
        ada.student = GradeReport.Student(name: "Ada", repository: "classroom/ada")
        try GradeReportFormat.json.render(ada).write(toFile: folder + "/ada.json", atomically: true, encoding: .utf8)
        return folder
    }

    @Test("Text, CSV and HTML summaries of three students")
    func formats() async throws {
        let folder = try await reportsFolder()
        let files = ["ada.json", "alan.json", "grace.json"].map { folder + "/" + $0 }
        for format in ClassSummaryFormat.allCases {
            let result = try await runActorlings(["class", "--format", format.rawValue] + files, in: folder)
            #expect(result.status == 0, "\(result.errors)")
            try goldenFiles.check(result.output, named: "class-summary.\(format.rawValue == "text" ? "txt" : format.rawValue)")
        }
    }

    @Test("Malformed and foreign files are named with what is wrong; the others still count")
    func badFiles() async throws {
        let folder = try await reportsFolder()
        try "{ not json".write(toFile: folder + "/broken.json", atomically: true, encoding: .utf8)
        try "{\"results\": []}".write(toFile: folder + "/foreign.json", atomically: true, encoding: .utf8)
        var newer = try String(contentsOfFile: folder + "/ada.json", encoding: .utf8)
        newer = newer.replacingOccurrences(of: "\"format\" : \(GradeReport.currentFormat)", with: "\"format\" : 9")
        try newer.write(toFile: folder + "/newer.json", atomically: true, encoding: .utf8)
        var truncated = try String(contentsOfFile: folder + "/alan.json", encoding: .utf8)
        truncated = truncated.replacingOccurrences(of: "\"totals\"", with: "\"totalz\"")
        try truncated.write(toFile: folder + "/partial.json", atomically: true, encoding: .utf8)

        let result = try await runActorlings(
            ["class", "ada.json", "broken.json", "foreign.json", "newer.json", "partial.json", "missing.json", "grace.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.errors.contains("broken.json: not JSON"))
        #expect(result.errors.contains("foreign.json: JSON, but not an Actorlings grade report"))
        #expect(result.errors.contains("newer.json: written by a newer Actorlings (report format 9)"))
        #expect(result.errors.contains("partial.json: missing \"totals\" at the top level"))
        #expect(result.errors.contains("missing.json: no such file"))
        #expect(result.output.contains("2 students, 5 exercises"))

        let none = try await runActorlings(["class", "broken.json"], in: folder)
        #expect(none.status == 1)
        #expect(none.errors.contains("none of the 1 file(s) is a readable grade report"))
    }

    @Test("Diagnostics are counted by group, or by message shape without the quoted names")
    func diagnosticShapes() {
        #expect(
            ClassSummary.shape(of: "error: main actor-isolated property 'photos' can not be referenced")
                == "error: main actor-isolated property '…' can not be referenced")
        let exercise = Exercise(
            id: "x", title: "X", stepNumber: 1, section: "s", files: [], testFiles: [], settings: CompilerSettings(),
            expectedFailure: .tests(["t"]), forbidden: [], hints: [], afterPass: "", timeLimit: .seconds(1), points: 2,
            directory: "", solutionDirectory: "")
        let course = Course(format: 1, title: "C", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [], steps: [])
        func report(_ message: String) -> GradeReport {
            let verdict = Verdict(exerciseID: "x", outcome: .compileFailed([Diagnostic(severity: .error, message: message)]), duration: .zero)
            return GradeReport(
                toolVersion: "1", toolchain: "6", course: course, student: .init(), generatedAt: "",
                exercises: [GradedExercise(exercise: exercise, verdict: verdict, copiedSolution: false)])
        }
        let summary = ClassSummary(reports: [("a", report("property 'a' is bad")), ("b", report("property 'b' is bad"))])
        #expect(summary.diagnostics.count == 1)
        #expect(summary.diagnostics.first?.students == 2)
        #expect(summary.stuck.first?.exercise.id == "x")
    }
}

/// The heatmap in a real browser: Chromium loads the file and builds the table. Skipped (and
/// shown as skipped) where Chromium is not installed.
@Suite("Class heatmap in a browser")
struct ClassHeatmapBrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("Chromium renders every student row and exercise column", .enabled(if: chromium != nil, "needs Chromium (Debian package chromium)"))
    func renders() async throws {
        let golden = TestPaths.testsDirectory.appendingPathComponent("Golden/class-summary.html")
        let process = try await TestProcess.run(
            try #require(Self.chromium), ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", golden.absoluteString])
        let dom = process.output
        #expect(process.status == 0)
        #expect(dom.components(separatedBy: "<th class=\"student\"").count - 1 == 3)
        #expect(dom.components(separatedBy: "<th class=\"ex").count - 1 == 5)
        #expect(dom.contains("Who is stuck where"))
    }
}
