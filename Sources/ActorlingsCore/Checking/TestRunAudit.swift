/// Checks a test run's event stream against the tests the trusted test files declare.
///
/// Learner code runs inside the test process, so the stream alone proves little: code that
/// ends the process early, filters the run or writes events of its own would otherwise read as
/// a pass. A pass therefore needs every `@Test` of the protected test files to be declared,
/// started, ended exactly once, inside one run that started and ended, and no test that the
/// files do not declare.
public enum TestRunAudit {
    /// A `@Test` in a protected test file: where its attribute is, which is how Swift Testing
    /// identifies the test in the stream (`sourceLocation`).
    public struct ExpectedTest: Sendable, Equatable, Hashable, Codable {
        public var file: String
        public var line: Int
        /// The function's name, for messages.
        public var name: String
    }

    /// Every `@Test` attribute in `source` (tokens, so comments and strings never count).
    public static func expectedTests(in source: String, file: String) -> [ExpectedTest] {
        let tokens = SwiftTokenizer.codeTokens(in: source)
        var tests: [ExpectedTest] = []
        var index = 0
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .punctuation, tokens[index].text == "@",
                tokens[index + 1].kind == .identifier, tokens[index + 1].text == "Test"
            else { continue }
            // The function's name: the identifier after the next `func`.
            var name = "a test"
            if let funcIndex = tokens[(index + 2)...].firstIndex(where: { $0.kind == .identifier && $0.text == "func" }),
                funcIndex + 1 < tokens.count
            {
                name = tokens[funcIndex + 1].text + "()"
            }
            tests.append(ExpectedTest(file: file, line: tokens[index].line, name: name))
        }
        return tests
    }

    /// What is wrong with the run, or `nil` when every expected test ran exactly once.
    public static func problems(in ledger: TestRunLedger, expected: [ExpectedTest], exitCode: Int32?) -> IncompleteRun? {
        var run = IncompleteRun()
        func fileName(_ path: String) -> Substring { path.split(separator: "/").last ?? Substring(path) }
        var matched: Set<String> = []
        for test in expected {
            let declared = ledger.declared.filter { fileName($0.file) == fileName(test.file) && $0.line == test.line }
            guard let record = declared.first else {
                run.missing.append(test.name)
                continue
            }
            matched.insert(record.id)
            if declared.count > 1 { run.repeated.append(test.name) }
            let started = ledger.started[record.id] ?? 0
            let ended = ledger.ended[record.id] ?? 0
            if (ledger.skipped[record.id] ?? 0) > 0 {
                run.skipped.append(test.name)
            } else if started == 0 || ended == 0 {
                run.missing.append(test.name)
            } else if started > 1 || ended > 1 {
                run.repeated.append(test.name)
            }
        }
        for record in ledger.declared where !matched.contains(record.id) {
            run.unexpected.append(record.name)
        }
        if ledger.runsStarted != 1 || ledger.runsEnded != 1 {
            run.runNotFinished = true
        }
        run.exitCode = exitCode
        return run.isClean ? nil : run
    }
}

/// A run that cannot count: not every expected test ran exactly once, tests ran that the
/// protected files do not declare, or the run did not reach its end.
public struct IncompleteRun: Sendable, Equatable {
    public var missing: [String] = []
    public var skipped: [String] = []
    public var repeated: [String] = []
    public var unexpected: [String] = []
    /// The stream has no single start and end of the run: the process ended (or was ended) early.
    public var runNotFinished = false
    public var exitCode: Int32?
    public var output: [String] = []

    public init(
        missing: [String] = [], skipped: [String] = [], repeated: [String] = [], unexpected: [String] = [],
        runNotFinished: Bool = false, exitCode: Int32? = nil, output: [String] = []
    ) {
        self.missing = missing
        self.skipped = skipped
        self.repeated = repeated
        self.unexpected = unexpected
        self.runNotFinished = runNotFinished
        self.exitCode = exitCode
        self.output = output
    }

    var isClean: Bool {
        missing.isEmpty && skipped.isEmpty && repeated.isEmpty && unexpected.isEmpty && !runNotFinished
    }

    /// One sentence per problem, for verdicts and reports.
    public var reasons: [String] {
        var reasons: [String] = []
        func list(_ names: [String]) -> String {
            names.prefix(4).joined(separator: ", ") + (names.count > 4 ? " and \(names.count - 4) more" : "")
        }
        if runNotFinished {
            reasons.append(
                "the test run ended before Swift Testing finished it (exit code \(exitCode.map(String.init) ?? "unknown")): something ended the process early")
        }
        if !missing.isEmpty { reasons.append("these tests never ran to the end: \(list(missing))") }
        if !skipped.isEmpty { reasons.append("these tests were skipped: \(list(skipped))") }
        if !repeated.isEmpty { reasons.append("these tests were reported more than once: \(list(repeated))") }
        if !unexpected.isEmpty { reasons.append("these tests are not in the exercise's test files: \(list(unexpected))") }
        return reasons
    }
}
