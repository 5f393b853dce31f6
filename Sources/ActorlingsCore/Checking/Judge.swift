/// How a child process ended: what the runtime hands back with its output.
public enum ProcessTermination: Sendable, Equatable, Codable {
    /// The child exited with this status. `-1` means its status was lost: someone else reaped it.
    case exited(Int32)
    /// The child was ended by this signal (not by us: see ``timedOut``).
    case signaled(Int32)
    /// The time limit passed and the child's session was killed.
    case timedOut
}

/// What a compile (or a link) handed back: everything the judge needs to decide what it means.
public struct CompileTranscript: Sendable, Equatable, Codable {
    public var termination: ProcessTermination
    /// Standard output and standard error, as the compiler printed them.
    public var output: String
    /// The compile's time limit, named when it ran out.
    public var timeLimit: Duration
    /// A link, not a compile: a failure without a diagnostic is said so.
    public var linking: Bool

    public init(termination: ProcessTermination, output: String, timeLimit: Duration, linking: Bool = false) {
        self.termination = termination
        self.output = output
        self.timeLimit = timeLimit
        self.linking = linking
    }
}

/// What one run of a test binary handed back: how it ended, what it printed, and the event
/// stream Swift Testing wrote, with what the run was asked to do.
public struct TestRunTranscript: Sendable, Equatable, Codable {
    public var termination: ProcessTermination
    /// Standard output and standard error together.
    public var output: String
    /// The JSON lines of Swift Testing's event stream (empty when it wrote none).
    public var eventStream: String
    public var timeLimit: Duration
    /// The `@Test`s that must each run exactly once for a pass.
    public var expectedTests: [TestRunAudit.ExpectedTest]
    /// The learner's files (any path: only the last component is used), whose lines a race
    /// report keeps.
    public var learnerFiles: [String]
    /// The limits the run had, to name the one it ran into.
    public var limits: TestRunLimits

    public init(
        termination: ProcessTermination, output: String, eventStream: String, timeLimit: Duration,
        expectedTests: [TestRunAudit.ExpectedTest] = [], learnerFiles: [String] = [], limits: TestRunLimits = TestRunLimits()
    ) {
        self.termination = termination
        self.output = output
        self.eventStream = eventStream
        self.timeLimit = timeLimit
        self.expectedTests = expectedTests
        self.learnerFiles = learnerFiles
        self.limits = limits
    }
}

/// Where every verdict on a learner's code is decided: from transcripts of what ran, never by
/// running anything. The runtime compiles, links and runs; this reads what came back.
public enum Judge {
    /// What a compile (or link) that did not succeed means for the learner; nil when it succeeded.
    /// Any error or warning fails: an exercise passes only with zero warnings.
    public static func compile(_ transcript: CompileTranscript) -> Outcome? {
        let diagnostics = DiagnosticParser.problems(in: transcript.output)
        switch transcript.termination {
        case .exited(0) where diagnostics.isEmpty:
            return nil
        case .timedOut:
            return .timedOut(limit: transcript.timeLimit, running: Outcome.compilerRunning, output: lastLines(transcript.output))
        case .exited, .signaled:
            guard diagnostics.isEmpty else { return .compileFailed(diagnostics) }
            return .compileFailed([
                Diagnostic(
                    severity: .error,
                    message: (transcript.linking ? "the link failed: " : "the compiler failed without a diagnostic: ")
                        + lastLines(transcript.output, count: 5).joined(separator: " | "))
            ])
        }
    }

    /// What a test run means. Only a run whose every expected test ran once and passed, that
    /// ended with status 0 and wrote its results, is a pass: learner code runs inside the test
    /// process and can exit it, so the status alone proves nothing.
    public static func testRun(_ transcript: TestRunTranscript) -> Outcome {
        let report = TestEventParser.parse(transcript.eventStream)
        let output = lastLines(transcript.output)
        switch transcript.termination {
        case .timedOut:
            return .timedOut(limit: transcript.timeLimit, running: report.unfinished, output: output)
        case .signaled(let signal):
            return .crashed(
                signal: signal, exitCode: nil, output: output,
                limit: transcript.limits.limitHit(signal: signal, output: output.joined(separator: "\n")))
        case .exited(let code):
            if !report.failures.isEmpty { return .testsFailed(report) }
            if code == threadSanitizerExitCode, transcript.output.contains(threadSanitizerWarning) {
                // The tests passed, but Thread Sanitizer saw a race: show the race, not the summary.
                return .dataRace(report: raceReport(transcript.output, learnerFiles: transcript.learnerFiles))
            }
            if var incomplete = TestRunAudit.problems(in: report.ledger, expected: transcript.expectedTests, exitCode: code) {
                incomplete.output = output
                return .incompleteRun(incomplete)
            }
            if code != 0 || report.results.isEmpty || !report.unfinished.isEmpty {
                return .crashed(signal: nil, exitCode: code, output: output)
            }
            return .passed(testCount: report.passedCount)
        }
    }

    /// The status Thread Sanitizer exits with after a report; alone it proves nothing, since
    /// learner code can exit with any status.
    public static let threadSanitizerExitCode: Int32 = 66
    static let threadSanitizerWarning = "WARNING: ThreadSanitizer"

    /// The heart of Thread Sanitizer's first report: what raced, and the frames in the learner's
    /// files (path shortened to the file name), so the verdict points at the racing lines.
    public static func raceReport(_ output: String, learnerFiles: [String]) -> [String] {
        let names = Set(learnerFiles.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
        var lines: [String] = []
        var reports = 0
        for line in output.split(whereSeparator: \.isNewline) {
            let text = String(line.drop(while: \.isWhitespace)).trimmingTrailingWhitespace()
            if text.hasPrefix(threadSanitizerWarning) {
                reports += 1
                if reports > 1 { break }
                lines.append(text)
            } else if reports == 1,
                text.hasPrefix("Write of size") || text.hasPrefix("Read of size") || text.hasPrefix("Previous write") || text.hasPrefix("Previous read")
            {
                lines.append(text.split(separator: " by ").first.map { String($0) + ":" } ?? text)
            } else if reports == 1, text.hasPrefix("#"), let name = names.first(where: { text.contains("/\($0):") }) {
                // "#0 Tracker.track(_:) /path/Tracker.swift:21:9 (…)" → "  at Tracker.swift:21:9 in Tracker.track(_:)"
                let words = text.split(separator: " ")
                let location = words.first { $0.contains("/\(name):") }.map { $0.split(separator: "/").last.map(String.init) ?? String($0) } ?? name
                // Unsymbolicated frames carry mangled names ($s…): the location says enough.
                let function = words.dropFirst().prefix { !$0.contains("/") }.joined(separator: " ")
                    .split(separator: " ").filter { !$0.hasPrefix("$s") }.joined(separator: " ")
                lines.append("  at \(location)" + (function.isEmpty ? "" : " in \(function)"))
            }
        }
        return lines.isEmpty ? lastLines(output) : lines + ["(Thread Sanitizer: two tasks touched the same memory at once, and at least one wrote.)"]
    }

    /// The last lines of output, without stack-frame lines ("6  Module  0x00… <unavailable> + 93"):
    /// the runtime prints them after a crash and they would push the cause out of view.
    public static func lastLines(_ output: String, count: Int = 12) -> [String] {
        output.split(whereSeparator: \.isNewline)
            .filter { !isStackFrame($0) }
            .suffix(count).map(String.init)
    }

    static func isStackFrame(_ line: Substring) -> Bool {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        return words.count >= 3 && Int(words[0]) != nil && words[2].hasPrefix("0x")
    }
}
