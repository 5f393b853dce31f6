import ActorlingsCore

/// `actorlings grade`: grades this checkout (or, with `--submission PATH`, another one against
/// this trusted course) and writes its report. The grading itself is `Session+Grade.swift`.
struct GradeCommand: CourseCommand {
    var options: GradeOptions
    var name: String { "grade" }
    var needs: CommandNeeds {
        // Grading another checkout reads this one and writes nothing in it: no lock.
        options.submission == nil ? [.lock, .toolchain] : [.toolchain]
    }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: ["--no-sandbox"])
        var options = GradeOptions()
        var rest = words.arguments[...]
        while let option = rest.first {
            guard rest.count >= 2 else {
                throw UsageError("unexpected '\(option)'; see `actorlings grade --help`", command: "grade")
            }
            let value = rest[rest.startIndex + 1]
            rest = rest.dropFirst(2)
            switch option {
            case "--step":
                for part in value.split(separator: ",") {
                    guard let step = Int(part), step >= 0 else {
                        throw UsageError("--step takes step numbers such as 1 or 1,2, not '\(value)'", command: "grade")
                    }
                    options.steps.append(step)
                }
            case "--only":
                options.only += value.split(separator: ",").map(String.init)
            case "--format":
                guard let format = GradeReportFormat(rawValue: value) else {
                    throw UsageError("--format takes text, json, junit or github, not '\(value)'", command: "grade")
                }
                options.format = format
            case "--output", "-o":
                options.output = value
            case "--submission":
                options.submission = value
            case "--release":
                guard GradingRelease.isPlainRef(value) else {
                    throw UsageError("--release takes a tag of the course such as v2, not '\(value)'", command: "grade")
                }
                options.release = value
            case "--test-cache":
                options.testCache = value
            case "--jobs":
                guard let jobs = Int(value), jobs >= 1 else {
                    throw UsageError("--jobs takes a whole number of at least 1, not '\(value)'", command: "grade")
                }
                options.jobs = jobs
            case "--report":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let format = GradeReportFormat(rawValue: parts[0]), !parts[1].isEmpty else {
                    throw UsageError("--report takes FORMAT=FILE, e.g. junit=grade.xml, not '\(value)'", command: "grade")
                }
                options.extraReports.append((format, parts[1]))
            case "--min-score":
                guard let score = Double(value), (0...100).contains(score) else {
                    throw UsageError("--min-score takes a percentage from 0 to 100, not '\(value)'", command: "grade")
                }
                options.minimumScore = score
            default:
                throw UsageError("unexpected '\(option)'; see `actorlings grade --help`", command: "grade")
            }
        }
        if options.release != nil, options.submission == nil {
            throw UsageError("--release judges a submission against that release of this course: give --submission PATH too", command: "grade")
        }
        options.noSandbox = words.flags.contains("--no-sandbox")
        return GradeCommand(options: options)
    }

    func run(in session: Session) async throws -> ExitCode {
        try await session.grade(options)
    }
}

/// What `actorlings grade` counts and how it reports.
struct GradeOptions: Sendable, Equatable {
    var steps: [Int] = []
    var only: [String] = []
    var format: GradeReportFormat = .text
    var output: String?
    /// Pass when the score (percent of points) reaches this, instead of requiring every exercise.
    var minimumScore: Double?
    /// More reports from the same grading run (`--report json=grade.json`), so CI grades once.
    var extraReports: [(format: GradeReportFormat, path: String)] = []
    /// `--submission PATH`: grade that checkout's learner files against this (trusted) course.
    var submission: String?
    /// How many exercises to check at once (default: one more than the cores).
    var jobs: Int?
    /// A folder of compiled test objects shared between runs (content-addressed).
    var testCache: String?
    /// `--no-sandbox`: the instructor's explicit choice to grade a submission on a machine that
    /// cannot sandbox; the report records it.
    var noSandbox = false
    /// `--release REF` (with `--submission`): the course release (a tag of the trusted
    /// checkout) to judge the submission by, instead of the one its workflow names.
    var release: String?

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.steps == rhs.steps && lhs.only == rhs.only && lhs.format == rhs.format && lhs.output == rhs.output
            && lhs.minimumScore == rhs.minimumScore && lhs.submission == rhs.submission && lhs.jobs == rhs.jobs
            && lhs.testCache == rhs.testCache && lhs.noSandbox == rhs.noSandbox && lhs.release == rhs.release
            && lhs.extraReports.map(\.format) == rhs.extraReports.map(\.format) && lhs.extraReports.map(\.path) == rhs.extraReports.map(\.path)
    }

    init(steps: [Int] = [], only: [String] = [], format: GradeReportFormat = .text, output: String? = nil, minimumScore: Double? = nil) {
        self.steps = steps
        self.only = only
        self.format = format
        self.output = output
        self.minimumScore = minimumScore
    }
}
