import ActorlingsCore
import Testing

/// The pure parts of issue 16: limits named from how a run ended, broken exercises loaded apart,
/// spreadsheet formulas neutralised, restored files shown.
struct ContainmentUnitTests {
    @Test(
        "A crash is traced to the limit that caused it",
        arguments: [
            (Int32?(25), "", ResourceLimit?(.fileSize(bytes: 64 << 20))),
            (Int32?(4), "Fatal error: … NSPOSIXErrorDomain Code=27 \"File too large\"", ResourceLimit.fileSize(bytes: 64 << 20)),
            (Int32?(6), "Fatal error: failed to allocate 67108896 bytes of memory with alignment 8", ResourceLimit.memory(bytes: 1 << 30)),
            (Int32?(4), "Fatal error: … NSPOSIXErrorDomain Code=11 \"Resource temporarily unavailable\"", ResourceLimit.processes(extra: 256)),
            (Int32?(4), "Fatal error: Unexpectedly found nil", nil),
            (Int32?(11), "", nil),
        ])
    func limitHit(signal: Int32?, output: String, expected: ResourceLimit?) {
        #expect(TestRunLimits().limitHit(signal: signal, output: output) == expected)
    }

    @Test("The limits reach the entry point; memory is left alone under Thread Sanitizer")
    func environmentValue() {
        let limits = TestRunLimits()
        #expect(limits.environmentValue(processesRunning: 10, limitMemory: true) == "memory=1073741824,file-size=67108864,processes=266")
        #expect(limits.environmentValue(processesRunning: 0, limitMemory: false) == "file-size=67108864,processes=256")
    }

    @Test(
        "A cell a spreadsheet would run as a formula is written as text",
        arguments: [
            ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
            ("+1", "'+1"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"), ("ada", "ada"),
            // A tab is made visible before the cell is written, so it can no longer start a formula.
            ("\tcmd", "\u{2409}cmd"),
        ])
    func csvFormula(label: String, cell: String) {
        let course = Course(format: 1, title: "C", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [], steps: [])
        let report = GradeReport(toolVersion: "1", toolchain: "6", course: course, student: .init(), generatedAt: "", exercises: [])
        let csv = ClassSummaryFormat.csv.render(ClassSummary(reports: [(label, report)]))
        #expect(csv.split(separator: "\n").dropFirst().first.map { $0.hasPrefix(cell + ",") } == true, "\(csv)")
    }

    @Test("Files a test run changed are listed under the verdict")
    func restoredFiles() {
        let exercise = BrokenExercise(id: "x", stepNumber: 0, directory: "Exercises/00-a/x", problems: []).placeholder
        var verdict = Verdict(exerciseID: "x", outcome: .passed(testCount: 1), duration: .zero)
        verdict.restoredFiles = [
            RestoredFile(path: "Exercises/00-a/x/Sources/A.swift", change: .deleted, restored: true, runVersion: nil),
            RestoredFile(path: "Exercises/00-a/y/Sources/B.swift", change: .changed, restored: true, runVersion: ".actorlings/backups/x/t"),
        ]
        let text = VerdictRenderer(palette: .plain) { _ in nil }.render(verdict, exercise: exercise)
        #expect(text.contains("Exercises/00-a/x/Sources/A.swift (deleted)"))
        #expect(text.contains("Exercises/00-a/y/Sources/B.swift (changed; what the run left is kept in .actorlings/backups/x/t)"))
    }

    @Test("A compile stopped at its limit gets advice about stuck compiles, not about hangs")
    func compileTimeout() {
        let exercise = BrokenExercise(id: "x", stepNumber: 0, directory: "Exercises/00-a/x", problems: []).placeholder
        let verdict = Verdict(exerciseID: "x", outcome: .timedOut(limit: .seconds(180), running: Outcome.compilerRunning, output: []), duration: .zero)
        let text = VerdictRenderer(palette: .plain) { _ in nil }.render(verdict, exercise: exercise)
        #expect(text.contains("did not compile within 180 s"))
        #expect(!text.contains("continuation"))
    }
}
