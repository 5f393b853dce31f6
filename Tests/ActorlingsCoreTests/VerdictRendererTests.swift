import Testing

@testable import ActorlingsCore

private let exercise = Exercise(
    id: "main-actor-mode", title: "Main actor mode", stepNumber: 1, section: "main-actor-mode",
    files: ["PhotoFeed.swift"], testFiles: ["PhotoFeedTests.swift"], settings: CompilerSettings(defaultIsolation: .mainActor),
    expectedFailure: .compile(diagnostic: "ActorIsolatedCall", message: nil), forbidden: ["unchecked-sendable"],
    hints: ["one", "two"], afterPass: "Main actor mode keeps your code on one actor.\nOpt out only for pure data.",
    timeLimit: .seconds(10), points: 1,
    directory: "Exercises/01-single-threaded/main-actor-mode", solutionDirectory: "Solutions/01-single-threaded/main-actor-mode")

private let next = Exercise(
    id: "opting-out", title: "Opting out", stepNumber: 1, section: "x", files: [], testFiles: [],
    settings: CompilerSettings(), expectedFailure: .tests(["x"]), forbidden: [], hints: [], afterPass: "",
    timeLimit: .seconds(10), points: 1, directory: "", solutionDirectory: "")

private let source = """
    final class PhotoFeed {
        var photos: [String] = []
    }

    nonisolated func summary(of feed: PhotoFeed) -> String {
    \tlet count = feed.photos.count
        return "\\(count) photos"
    }
    """

private func renderer(_ palette: Palette = .plain) -> VerdictRenderer {
    VerdictRenderer(palette: palette) { path in
        path == "Exercises/01-single-threaded/main-actor-mode/Sources/PhotoFeed.swift"
            ? source.split(separator: "\n", omittingEmptySubsequences: false) : nil
    }
}

private func render(_ outcome: Outcome, palette: Palette = .plain) -> String {
    renderer(palette).render(Verdict(exerciseID: exercise.id, outcome: outcome, duration: .milliseconds(412)), exercise: exercise, next: next)
}

private let compileError = Diagnostic(
    severity: .error, file: "Exercises/01-single-threaded/main-actor-mode/Sources/PhotoFeed.swift", line: 6, column: 23,
    message: "main actor-isolated property 'photos' can not be referenced from a nonisolated context",
    identifier: "actor_isolated_non_self_reference",
    notes: [
        Diagnostic(
            severity: .note, file: "Exercises/01-single-threaded/main-actor-mode/Sources/PhotoFeed.swift", line: 2, column: 9, message: "property declared here"
        )
    ])

@Suite("Rendering verdicts")
struct VerdictRendererTests {
    @Test func passed() throws {
        try goldenFiles.check(render(.passed(testCount: 3)), named: "verdict-passed.txt")
    }

    @Test func compileFailed() throws {
        let warning = Diagnostic(
            severity: .warning, file: "Exercises/01-single-threaded/main-actor-mode/Sources/PhotoFeed.swift", line: 1, column: 7,
            message: "a warning", group: "SendableClosureCaptures")
        let group = Diagnostic(
            severity: .error, file: "Other.swift", line: 1, column: 1, message: "call to main actor-isolated method", group: "ActorIsolatedCall")
        try goldenFiles.check(render(.compileFailed([warning, compileError, group, compileError])), named: "verdict-compile-failed.txt")
    }

    @Test("Colour output differs from plain only by escape codes")
    func colored() {
        let colored = render(.compileFailed([compileError]), palette: .colored)
        #expect(colored.contains("\u{1B}["))
        let stripped = colored.replacing(/\x{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == render(.compileFailed([compileError])))
    }

    @Test func warningsOnly() {
        let warning = Diagnostic(severity: .warning, file: "x.swift", line: 1, column: 1, message: "var 'x' was never mutated")
        let text = render(.compileFailed([warning]))
        #expect(text.contains("compiles, but with 1 warning"))
        #expect(text.contains("Next: fix the first warning"))
    }

    @Test func testsFailed() throws {
        let report = TestRunReport(results: [
            TestResult(name: "loadsTheFeed()", status: .passed),
            TestResult(
                name: "countsUnseen()", displayName: "Counts unseen photos", status: .failed,
                issues: [
                    TestIssue(message: "Expectation failed: (feed.unseen → 0) == 2", file: "Exercises/x/Tests/T.swift", line: 12, column: 5)
                ]),
        ])
        try goldenFiles.check(render(.testsFailed(report)), named: "verdict-tests-failed.txt")
    }

    @Test func timedOut() throws {
        try goldenFiles.check(
            render(
                .timedOut(
                    limit: .seconds(10), running: ["waitsForTheFeed()"],
                    output: ["SWIFT TASK CONTINUATION MISUSE: load() leaked its continuation without resuming it."])), named: "verdict-timed-out.txt")
    }

    @Test func crashed() throws {
        try goldenFiles.check(
            render(
                .crashed(
                    signal: 4, exitCode: nil, output: ["Fatal error: SWIFT TASK CONTINUATION MISUSE: load() tried to resume its continuation more than once"])),
            named: "verdict-crashed.txt")
    }

    /// The harness reports the schedule a crash came in while other tests go on printing: the
    /// report stays in view ahead of the last lines, however many came after it.
    @Test func crashedInASchedule() throws {
        let output =
            ["◇ Test theQuotaHoldsInEveryOrder() started.", "Quota/Quota.swift:10: Precondition failed: the quota was overdrawn", "Current stack trace:"]
            + [
                "The program crashed in this order of the tasks' steps of theQuotaHoldsInEveryOrder() (seed 3; `--replay 3` runs exactly this schedule again):",
                "B: starts · A: starts · B: sees remaining = 1 · A: sees remaining = 1 → the program crashed here (the runtime's message is above) · seed 3",
            ] + (1...9).map { "✔ Test other\($0)() passed after 0.0\($0) seconds." }
        try goldenFiles.check(render(.crashed(signal: 4, exitCode: nil, output: output)), named: "verdict-crashed-in-a-schedule.txt")
    }

    @Test func forbidden() throws {
        let construct = Construct(
            id: "unchecked-sendable", name: "@unchecked Sendable", matchers: [.syntax("@unchecked")], why: "It hides races.", instead: "Use an actor.")
        let finding = ForbiddenFinding(
            construct: construct, file: "Exercises/x/Sources/Cache.swift", line: 4, column: 20, lineText: "final class Cache: @unchecked Sendable {")
        try goldenFiles.check(render(.forbidden([finding])), named: "verdict-forbidden.txt")
    }

    @Test func systemTooOld() throws {
        try goldenFiles.check(render(.systemTooOld(required: MacOSVersion(26), running: MacOSVersion(15, 5))), named: "verdict-system-too-old.txt")
    }

    @Test func testsEdited() throws {
        try goldenFiles.check(
            render(.testsEdited(["Exercises/01-single-threaded/main-actor-mode/Tests/PhotoFeedTests.swift"])), named: "verdict-tests-edited.txt")
    }

    @Test("An edited protected source is named, and said to be protected")
    func protectedEdited() {
        var library = exercise
        library.protectedFiles = ["Library.swift"]
        let path = "Exercises/01-single-threaded/main-actor-mode/Sources/Library.swift"
        let text = renderer().render(Verdict(exerciseID: library.id, outcome: .testsEdited([path]), duration: .zero), exercise: library)
        #expect(text.hasPrefix("✘ Protected files of main-actor-mode were changed."))
        #expect(text.contains("    \(path) (protected: don't change this file)"))
        #expect(text.contains("git checkout -- \(path)"))
    }

    @Test(
        "Durations read naturally",
        arguments: [
            (Duration.milliseconds(412), "0.41 s"), (.milliseconds(1050), "1.05 s"), (.seconds(10), "10 s"), (.seconds(2), "2 s"), (.milliseconds(5), "0.01 s"),
        ])
    func durations(duration: Duration, text: String) {
        #expect(seconds(duration) == text)
    }
}

@Suite("Rendering a data race")
struct RaceVerdictTests {
    @Test("A Thread Sanitizer report is a data race verdict with the racing lines")
    func race() {
        let text = VerdictRenderer(palette: .plain) { _ in nil }.render(
            Verdict(
                exerciseID: "no-escape-hatches",
                outcome: .dataRace(report: ["WARNING: ThreadSanitizer: Swift access race (pid=1)", "  at Tracker.swift:36:41"]),
                duration: .zero),
            exercise: Exercise(
                id: "no-escape-hatches", title: "T", stepNumber: 5, section: "s", files: [], testFiles: [], settings: CompilerSettings(sanitizer: .thread),
                expectedFailure: .tests(["t"]), forbidden: [], hints: [], afterPass: "", timeLimit: .seconds(20), points: 1, directory: "",
                solutionDirectory: ""))
        #expect(text.hasPrefix("✘ no-escape-hatches: Thread Sanitizer found a data race while the tests ran."))
        #expect(text.contains("The race (fix the lines it names"))
        #expect(text.contains("at Tracker.swift:36:41"))
    }

    /// Tests run in parallel and end in any order; the verdict shows the first failures in the
    /// tests' file order, so the same answer reads the same on every run (and a corpus entry's
    /// `says` is found whichever test ended first).
    @Test("Failures are shown in the tests' file order, whatever order they ended in")
    func failuresInFileOrder() {
        func failure(_ name: String, line: Int?) -> TestResult {
            let issue = TestIssue(message: "\(name) failed", file: line.map { _ in "Exercises/x/Tests/T.swift" }, line: line)
            return TestResult(name: name, status: .failed, issues: [issue])
        }
        let ended = [failure("fourth()", line: 40), failure("unplaced()", line: nil), failure("second()", line: 20), failure("first()", line: 10)]
        #expect(VerdictRenderer.inFileOrder(ended).map(\.name) == ["first()", "second()", "fourth()", "unplaced()"])
        let plain = VerdictRenderer(palette: .plain) { _ in nil }
        let shown = [ended, ended.reversed()].map { results in
            plain.render(Verdict(exerciseID: "x", outcome: .testsFailed(TestRunReport(results: results)), duration: .zero), exercise: exercise)
        }
        #expect(shown[0] == shown[1])
    }
}
