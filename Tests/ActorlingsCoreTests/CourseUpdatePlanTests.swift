import ActorlingsCore
import Testing

private let learnerPath = "Exercises/00-a/x/Sources/X.swift"

/// `update` decides from blob ids alone: course files follow the upstream, a learner's started
/// exercise file is never overwritten, an untouched one takes the course's fix.
struct CourseUpdatePlanTests {
    static let learner = learnerPath

    @Test(
        "A learner file: kept when started, refreshed when untouched, left alone when the course did not change it",
        arguments: [
            // (shipped before, on disk, upstream, expected action)
            ("s1", "s1", "s2", CourseUpdatePlan.Action.refreshUnstarted(learnerPath)),
            ("s1", "mine", "s2", .keepLearner(learnerPath)),
            ("s1", "mine", "s1", nil),
            ("s1", "s2", "s2", nil),
            ("s1", nil, "s2", .keepLearner(learnerPath)),
            (nil, nil, "s2", .add(learnerPath)),
        ] as [(String?, String?, String, CourseUpdatePlan.Action?)])
    func learnerFile(shipped: String?, disk: String?, upstream: String, expected: CourseUpdatePlan.Action?) {
        let plan = CourseUpdatePlan(
            upstream: [Self.learner: upstream], local: disk.map { [Self.learner: $0] } ?? [:], tracked: [Self.learner],
            learnerPaths: [Self.learner], oldShipped: shipped.map { [Self.learner: $0] } ?? [:], ignored: [])
        #expect(plan.actions == (expected.map { [$0] } ?? []))
    }

    @Test("Course files are added, replaced and deleted; ignored paths and files outside the course's folders stay")
    func courseFiles() {
        let plan = CourseUpdatePlan(
            upstream: [
                "Lessons/01.md": "new", "Exercises/00-a/x/Tests/T.swift": "same", "Exercises/classroom.toml": "p",
                "Solutions/00-a/x/X.swift": "sol", "Sources/actorlings/main.swift": "tool2", ".actorlings/actorlings.lock": "lock",
            ],
            local: [
                "Lessons/01.md": "old", "Exercises/00-a/x/Tests/T.swift": "same", "Lessons/gone.md": "g", "notes.md": "n",
                "Sources/actorlings/main.swift": "tool1", Self.learner: "mine",
            ],
            tracked: ["Lessons/01.md", "Exercises/00-a/x/Tests/T.swift", "Lessons/gone.md", "notes.md", "Sources/actorlings/main.swift", Self.learner],
            learnerPaths: [Self.learner], oldShipped: [:], ignored: ["Solutions/"])
        #expect(
            plan.actions
                == [
                    .add("Exercises/classroom.toml"), .delete("Lessons/gone.md"), .replace("Lessons/01.md"), .replace("Sources/actorlings/main.swift"),
                ].sorted { $0.path < $1.path })
        #expect(plan.changesTool)
        let summary = plan.summary(palette: .plain)
        #expect(summary.contains("added   Exercises/classroom.toml"))
        #expect(summary.contains("removed Lessons/gone.md"))
    }

    @Test("Nothing to do says so")
    func upToDate() {
        let plan = CourseUpdatePlan(upstream: ["a": "1"], local: ["a": "1"], tracked: ["a"], learnerPaths: [], oldShipped: [:], ignored: [])
        #expect(plan.isEmpty)
        #expect(plan.summary(palette: .plain) == "The course is already up to date.\n")
    }
}

/// The pre-flight check's decisions and words.
struct DoctorReportTests {
    @Test(
        "Toolchain: missing, too old, new enough",
        arguments: [
            (ToolchainVersion?.none, DoctorReport.Check.Status.failed, "install Swift 6.2 or newer"),
            (ToolchainVersion([5, 10]), .failed, "this course needs Swift 6.2 or newer"),
            (ToolchainVersion([6, 3, 1]), .ok, "Swift 6.3.1 at /usr/bin/swiftc"),
        ])
    func toolchain(found: ToolchainVersion?, status: DoctorReport.Check.Status, words: String) {
        let check = DoctorReport.toolchain(found: found, path: found.map { _ in "/usr/bin/swiftc" }, minimum: ToolchainVersion([6, 2]), problem: nil)
        #expect(check.status == status)
        #expect((check.detail + " " + (check.fix ?? "")).contains(words))
    }

    @Test("Disk space below the threshold fails with what to free", arguments: [(Int64(5) << 30, true), (Int64(100) << 20, false)])
    func disk(free: Int64, ok: Bool) {
        let check = DoctorReport.diskSpace(freeBytes: free, neededBytes: 1 << 30, path: "/w")
        #expect((check.status == .ok) == ok)
        #expect(ok || check.fix?.contains("free some space") == true)
    }

    @Test("A failed check makes the machine not ready; warnings do not")
    func readiness() {
        let warning = DoctorReport.editor(manifestCurrent: false, languageServer: nil)
        #expect(warning.status == .warning)
        #expect(DoctorReport(checks: [warning]).isReady)
        let report = DoctorReport(checks: [warning, DoctorReport.diskSpace(freeBytes: 0, neededBytes: 1, path: "/w")])
        #expect(!report.isReady)
        #expect(report.render(palette: .plain).contains("Not ready: 1 check failed."))
    }
}
