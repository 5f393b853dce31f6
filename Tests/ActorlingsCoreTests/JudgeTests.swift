import ActorlingsCore
import Foundation
import Testing

/// Every decision of the judge, from transcripts of real runs (recorded from this toolchain by
/// `Fixtures/transcripts/record.sh`) and from transcripts made here where a real one can't be
/// had on demand (a signal from a resource limit).
@Suite struct JudgeTests {
    static func run(_ name: String) throws -> TestRunTranscript {
        try JSONDecoder().decode(TestRunTranscript.self, from: Data(fixture("transcripts/\(name).json").utf8))
    }

    static func compile(_ name: String) throws -> CompileTranscript {
        try JSONDecoder().decode(CompileTranscript.self, from: Data(fixture("transcripts/\(name).json").utf8))
    }

    @Test func aRunWhoseEveryTestPassedIsAPass() throws {
        #expect(Judge.testRun(try Self.run("passed")) == .passed(testCount: 1))
    }

    @Test func failingTestsAreNamedWithTheirIssues() throws {
        guard case .testsFailed(let report) = Judge.testRun(try Self.run("tests-failed")) else {
            Issue.record("not a test failure")
            return
        }
        #expect(report.failures.map(\.name) == ["triples()"])
        #expect(report.failures.first?.issues.first?.message.contains("== 9") == true)
    }

    @Test func aTrapIsACrashWithItsSignalAndNoStackFrames() throws {
        guard case .crashed(let signal, let exitCode, let output, let limit) = Judge.testRun(try Self.run("crashed-trap")) else {
            Issue.record("not a crash")
            return
        }
        #expect(signal == 4 && exitCode == nil && limit == nil)
        #expect(output.contains { $0.contains("Unexpectedly found nil") })
        #expect(!output.contains { $0.contains("<unavailable>") }, "stack frames push the cause out of view")
    }

    @Test func aRunStoppedAtItsLimitNamesTheTestStillRunning() throws {
        guard case .timedOut(let limit, let running, _) = Judge.testRun(try Self.run("timed-out")) else {
            Issue.record("not a time-out")
            return
        }
        #expect(limit == .seconds(2))
        #expect(running == ["finishes()"])
    }

    @Test func aThreadSanitizerReportIsADataRaceAtTheLearnersLines() throws {
        guard case .dataRace(let report) = Judge.testRun(try Self.run("data-race")) else {
            Issue.record("not a data race")
            return
        }
        #expect(report.first?.hasPrefix("WARNING: ThreadSanitizer") == true)
        #expect(report.contains { $0.hasPrefix("  at Code.swift") }, "\(report)")
        #expect(report.allSatisfy { !$0.contains("/tmp/") }, "paths are shortened to the file name")
    }

    /// Status 66 is what Thread Sanitizer exits with, but learner code can exit with it too.
    @Test func exitStatus66WithoutAReportIsNoRace() throws {
        let outcome = Judge.testRun(try Self.run("exit-66-without-race"))
        #expect(outcome.kind == .incompleteRun, "\(outcome)")
    }

    /// Learner code can print a Thread Sanitizer report and exit with its status: never a pass,
    /// whichever way the judge reads it; with the status 0 and a clean run, printed text alone
    /// makes no race.
    @Test func aForgedRaceReportGainsNothing() throws {
        var transcript = try Self.run("passed")
        transcript.output += "\nWARNING: ThreadSanitizer: Swift access race (pid=1)\n"
        #expect(Judge.testRun(transcript) == .passed(testCount: 1))
        transcript.termination = .exited(Judge.threadSanitizerExitCode)
        #expect(!Judge.testRun(transcript).isPassed)
    }

    /// Learner code runs inside the test process: exiting it with 0 is never a pass.
    @Test func exitingTheTestProcessWithZeroIsAnIncompleteRun() throws {
        guard case .incompleteRun(let run) = Judge.testRun(try Self.run("exit-zero-mid-run")) else {
            Issue.record("not an incomplete run")
            return
        }
        #expect(!run.reasons.isEmpty)
    }

    /// A run that wrote no results proves nothing, whatever its status.
    @Test(arguments: [true, false])
    func anEmptyStreamWithStatusZeroIsNoPass(expectingTests: Bool) throws {
        var transcript = try Self.run("passed")
        transcript.eventStream = ""
        if !expectingTests { transcript.expectedTests = [] }
        #expect(!Judge.testRun(transcript).isPassed)
    }

    struct Signalled: CustomTestStringConvertible, Sendable {
        var signal: Int32
        var output: String
        var limit: ResourceLimit?
        var testDescription: String { "signal \(signal): \(output)" }
    }

    @Test(arguments: [
        Signalled(signal: 25, output: "", limit: .fileSize(bytes: TestRunLimits().fileSize)),
        Signalled(signal: 6, output: "fatal error: failed to allocate 2147483648 bytes", limit: .memory(bytes: TestRunLimits().memory)),
        Signalled(signal: 6, output: "pthread_create: Resource temporarily unavailable", limit: .processes(extra: TestRunLimits().extraProcesses)),
        Signalled(signal: 11, output: "Segmentation fault", limit: nil),
    ])
    func aSignalNamesTheLimitTheRunRanInto(_ case: Signalled) {
        let transcript = TestRunTranscript(termination: .signaled(`case`.signal), output: `case`.output, eventStream: "", timeLimit: .seconds(10))
        #expect(Judge.testRun(transcript) == .crashed(signal: `case`.signal, exitCode: nil, output: Judge.lastLines(`case`.output), limit: `case`.limit))
    }

    @Test func compileErrorsComeBackWithTheirPlaces() throws {
        guard case .compileFailed(let diagnostics) = Judge.compile(try Self.compile("compile-error")) else {
            Issue.record("not a compile failure")
            return
        }
        let error = diagnostics.first { $0.severity == .error }
        #expect(error?.line == 3)
        #expect(error?.identifier == "missing_return_decl")
        #expect(error?.file?.hasSuffix("compile-error/Sources/Code.swift") == true)
    }

    /// The compiler exits 0 with a warning: an exercise passes only with zero warnings.
    @Test func aWarningFailsACompileThatExitedWithZero() throws {
        let transcript = try Self.compile("compile-warning")
        #expect(transcript.termination == .exited(0))
        guard case .compileFailed(let diagnostics) = Judge.compile(transcript) else {
            Issue.record("a warning passed")
            return
        }
        #expect(diagnostics.map(\.severity) == [.warning])
    }

    @Test func aCleanCompileIsNoOutcome() {
        #expect(Judge.compile(CompileTranscript(termination: .exited(0), output: "", timeLimit: .seconds(180))) == nil)
    }

    @Test func aCompileStoppedAtItsLimitSaysTheCompilerWasRunning() {
        let outcome = Judge.compile(CompileTranscript(termination: .timedOut, output: "", timeLimit: .seconds(180)))
        #expect(outcome == .timedOut(limit: .seconds(180), running: Outcome.compilerRunning, output: []))
    }

    @Test(arguments: [false, true])
    func aFailureWithoutADiagnosticSaysWhichStepFailed(linking: Bool) {
        let transcript = CompileTranscript(termination: .exited(1), output: "ld: cannot find -lFoo\n", timeLimit: .seconds(180), linking: linking)
        guard case .compileFailed(let diagnostics) = Judge.compile(transcript) else {
            Issue.record("not a failure")
            return
        }
        #expect(diagnostics.first?.message.hasPrefix(linking ? "the link failed: " : "the compiler failed without a diagnostic: ") == true)
        #expect(diagnostics.first?.message.contains("cannot find -lFoo") == true)
    }

    /// The vocabulary keeps what progress files and old reports store.
    @Test func outcomeKindsReadTheNamesFormatOneReportsUsed() throws {
        let decoded = try JSONDecoder().decode([OutcomeKind].self, from: Data(#"["failed", "compile-error", "tests-failed", "data-race"]"#.utf8))
        #expect(decoded == [.testsFailed, .compileFailed, .testsFailed, .dataRace])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([OutcomeKind].self, from: Data(#"["exploded"]"#.utf8)) }
        #expect(
            OutcomeKind.allCases.prefix(9).map(\.rawValue) == [
                "passed", "compile-failed", "tests-failed", "timed-out", "crashed", "forbidden", "incomplete-run", "tests-edited", "system-too-old",
            ])
    }

    /// Only what a busy machine alone can cause is checked again by the course check: a time-out
    /// and the process limit (counted over every process of the user). A trap, a failing test or
    /// another limit is the code's own doing.
    @Test(arguments: [
        (Outcome.timedOut(limit: .seconds(10), running: ["t()"], output: []), true),
        (.crashed(signal: 6, exitCode: nil, output: [], limit: .processes(extra: 256)), true),
        (.crashed(signal: 9, exitCode: nil, output: [], limit: .memory(bytes: 1 << 30)), false),
        (.crashed(signal: 4, exitCode: nil, output: [], limit: nil), false),
        (.testsFailed(TestRunReport()), false),
        (.passed(testCount: 1), false),
        (.dataRace(report: ["WARNING: ThreadSanitizer: data race"]), false),
    ])
    func onlyALoadedMachinesOutcomesAreCheckedAgain(outcome: Outcome, again: Bool) {
        #expect(outcome.mayBeTheMachine == again)
    }
}
