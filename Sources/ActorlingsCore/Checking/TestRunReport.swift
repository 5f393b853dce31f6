/// What one run of an exercise's Swift Testing tests recorded.
public struct TestRunReport: Sendable, Equatable {
    public var results: [TestResult]
    /// Tests that started and never ended: the ones running when a run was killed.
    public var unfinished: [String]
    /// What the stream said, event by event: checked against the tests the trusted sources
    /// declare before a run counts as a pass (``TestRunAudit``).
    public var ledger: TestRunLedger

    public init(results: [TestResult] = [], unfinished: [String] = [], ledger: TestRunLedger = TestRunLedger()) {
        self.results = results
        self.unfinished = unfinished
        self.ledger = ledger
    }

    public var failures: [TestResult] { results.filter { $0.status == .failed } }
    public var passedCount: Int { results.filter { $0.status == .passed }.count }
}

public struct TestResult: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Codable { case passed, failed, skipped }

    /// The function name as Swift Testing prints it, e.g. `loadsTheFeed()`.
    public var name: String
    /// The `@Test("…")` display name, when one is given.
    public var displayName: String?
    public var status: Status
    public var issues: [TestIssue]

    public init(name: String, displayName: String? = nil, status: Status, issues: [TestIssue] = []) {
        self.name = name
        self.displayName = displayName
        self.status = status
        self.issues = issues
    }

    public var title: String { displayName ?? name }

    public func isNamed(_ candidate: String) -> Bool {
        candidate == name || candidate == displayName || candidate + "()" == name
    }
}

/// One recorded issue: typically `Expectation failed: (feed.count → 0) == 3`.
public struct TestIssue: Sendable, Equatable, Codable {
    public var message: String
    public var file: String?
    public var line: Int?
    public var column: Int?

    public init(message: String, file: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }
}

/// Every test function the stream declared and how often each started, ended or was skipped,
/// and how often the run itself started and ended.
public struct TestRunLedger: Sendable, Equatable {
    public struct Declared: Sendable, Equatable {
        public var id: String
        public var name: String
        public var file: String
        public var line: Int
    }

    public var declared: [Declared] = []
    public var started: [String: Int] = [:]
    public var ended: [String: Int] = [:]
    public var skipped: [String: Int] = [:]
    public var runsStarted = 0
    public var runsEnded = 0

    public init() {}
}
