import ActorlingsCore
import Testing

/// Who is stuck where, read from grade reports: an untouched exercise is "not started", never a
/// failure; each student is placed at their first unsolved exercise; anomalies are named.
struct ClassSummaryModelTests {
    /// Five exercises over three steps; each student is a string of cells, one a exercise:
    /// P passed, C compile error (started), F tests failed (started), N not started (shipped
    /// compile error, files unchanged), S skipped (compile error, skipped).
    static let ids = ["a", "b", "c", "d", "e"]
    static let steps = [1, 1, 2, 2, 3]

    static func report(_ cells: String, repository: String? = nil) -> GradeReport {
        let course = Course(format: 1, title: "C", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [], steps: [])
        let exercises = zip(ids.indices, cells).map { index, cell -> GradedExercise in
            let exercise = Exercise(
                id: ids[index], title: ids[index].uppercased(), stepNumber: steps[index], section: "s", files: [], testFiles: [],
                settings: CompilerSettings(), expectedFailure: .tests(["t"]), forbidden: [], hints: [], afterPass: "",
                timeLimit: .seconds(1), points: 1, directory: "", solutionDirectory: "")
            let outcome: Outcome =
                switch cell {
                case "P": .passed(testCount: 1)
                case "F": .testsFailed(TestRunReport(results: []))
                default: .compileFailed([Diagnostic(severity: .error, message: "\(ids[index]) is shipped broken")])
                }
            var graded = GradedExercise(exercise: exercise, verdict: Verdict(exerciseID: ids[index], outcome: outcome, duration: .zero), copiedSolution: false)
            graded.unchanged = cell == "N" ? true : nil
            graded.skipped = cell == "S" ? true : nil
            return graded
        }
        return GradeReport(
            toolVersion: "1", toolchain: "6", course: course, student: .init(repository: repository), generatedAt: "", exercises: exercises)
    }

    @Test(
        "Each student is placed at their first exercise not passed nor skipped",
        arguments: [
            ("NNNNN", "a", false), ("PPNNN", "c", false), ("PPCNN", "c", true), ("PSFNN", "c", true),
            ("PPPPP", nil, false), ("PCPNN", "b", true), ("SSSSN", "e", false),
        ] as [(String, String?, Bool)])
    func placement(cells: String, current: String?, stuck: Bool) throws {
        let summary = ClassSummary(reports: [("x", Self.report(cells))])
        let student = try #require(summary.students.first)
        #expect(student.current == current)
        #expect(student.isStuck == stuck)
    }

    @Test("Untouched exercises are not started, not failures, and their diagnostics are not counted")
    func notStarted() throws {
        let summary = ClassSummary(reports: [("x", Self.report("PCNNS")), ("y", Self.report("NNNNN"))])
        let student = try #require(summary.students.first { $0.label == "x" })
        #expect(student.cells == ["a": .graded(.passed), "b": .graded(.compileFailed), "c": .notStarted, "d": .notStarted, "e": .skipped])
        #expect(summary.diagnostics.map(\.example) == ["error: b is shipped broken"])
    }

    @Test("Positions list who is stuck and who has not started, most stuck first; least progress sorts first")
    func positions() {
        let summary = ClassSummary(reports: [
            ("r/w-ada", Self.report("PPCNN", repository: "class/w-ada")), ("r/w-bo", Self.report("PPCNN", repository: "class/w-bo")),
            ("r/w-cy", Self.report("PPNNN", repository: "class/w-cy")), ("r/w-di", Self.report("CNNNN", repository: "class/w-di")),
            ("r/w-ed", Self.report("PPPPP", repository: "class/w-ed")), ("r/w-fa", Self.report("NNNNN", repository: "class/w-fa")),
        ])
        #expect(summary.students.map(\.username) == ["di", "fa", "ada", "bo", "cy", "ed"])
        #expect(summary.positions.map(\.exercise.id) == ["c", "a"])
        #expect(summary.positions.first?.stuck == ["ada", "bo"])
        #expect(summary.positions.first?.notStarted == ["cy"])
        #expect(summary.stuck.map(\.exercise.id) == ["c", "a"])
        #expect(summary.finished.map(\.username) == ["ed"])
    }

    @Test(
        "A report's total that its exercises do not add up to is a score mismatch",
        arguments: [(5, 5, true), (2, 5, false), (2, 4, true)])
    func scoreMismatch(points: Int, maxPoints: Int, mismatch: Bool) {
        var report = Self.report("PPCNN")
        report.totals.points = points
        report.totals.maxPoints = maxPoints
        #expect(ClassSummary.anomalies(of: report).contains { $0.hasPrefix("score mismatch") } == mismatch)
    }

    @Test("Changed course files and copied solutions are named for the instructor")
    func tamperFlags() {
        var report = Self.report("PCNNN")
        report.submission = GradeReport.Submission(flags: [SubmissionFlag(file: "Exercises/x/Tests/T.swift", change: .modified)])
        report.exercises[0].flags = ["copied-solution"]
        let anomalies = ClassSummary.anomalies(of: report)
        #expect(anomalies == ["1 course file changed: Exercises/x/Tests/T.swift (modified)", "close to the reference solution: a"])
    }

    @Test("CSV has the username apart, not-started and skipped cells, where each student is and the flags")
    func csvColumns() {
        var flagged = Self.report("PCNNS", repository: "class/w-ada")
        flagged.totals.points = 9
        let csv = ClassSummaryFormat.csv.render(
            ClassSummary(reports: [("class/w-ada", flagged), ("class/w-bo", Self.report("NNNNN", repository: "class/w-bo"))]))
        let rows = csv.split(separator: "\n").map(String.init)
        #expect(rows.first == "student,username,a,b,c,d,e,points,max_points,passed,now_at,stuck,flags")
        #expect(rows.contains("class/w-bo,bo,not-started,not-started,not-started,not-started,not-started,0,5,0,a,no,"))
        #expect(
            rows.contains(
                "class/w-ada,ada,passed,compile-failed,not-started,not-started,skipped,1,5,1,b,yes,"
                    + "\"score mismatch: the report says 9/5, its exercises add up to 1/5\""))
    }
}
