import ActorlingsCore

/// `actorlings class grade SUBMISSION…`: grades many submissions against this (trusted)
/// course, in parallel, and writes each student's report and the class summary. Parsed by
/// `ClassCommands`; the grading itself is `Session+ClassGrade.swift`.
struct ClassGradeCommand: CourseCommand {
    var options: ClassGradeOptions
    var name: String { "class grade" }
    // Each submission is graded in a scratch copy: this checkout is only read, so no lock.
    var needs: CommandNeeds { [.toolchain] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        var options = ClassGradeOptions(submissions: [])
        options.noSandbox = words.flags.contains("--no-sandbox")
        var rest = words.arguments[...]
        while let word = rest.first {
            rest = rest.dropFirst()
            switch word {
            case "--output-dir", "--output", "-o":
                guard let value = rest.first else { throw UsageError("\(word) needs a folder", command: "class") }
                options.outputDirectory = value
                rest = rest.dropFirst()
            case "--jobs":
                guard let value = rest.first, let jobs = Int(value), jobs >= 1 else {
                    throw UsageError("--jobs takes a whole number of at least 1\(rest.first.map { ", not '\($0)'" } ?? "")", command: "class")
                }
                options.jobs = jobs
                rest = rest.dropFirst()
            case "--step":
                guard let value = rest.first else { throw UsageError("--step needs step numbers such as 1 or 1,2", command: "class") }
                for part in value.split(separator: ",") {
                    guard let step = Int(part), step >= 0 else {
                        throw UsageError("--step takes step numbers such as 1 or 1,2, not '\(value)'", command: "class")
                    }
                    options.steps.append(step)
                }
                rest = rest.dropFirst()
            case "--only":
                guard let value = rest.first else { throw UsageError("--only needs exercise ids such as intro,opting-out", command: "class") }
                options.only += value.split(separator: ",").map(String.init)
                rest = rest.dropFirst()
            case "--release":
                guard let value = rest.first, GradingRelease.isPlainRef(value) else {
                    throw UsageError("--release takes a tag of the course such as v2\(rest.first.map { ", not '\($0)'" } ?? "")", command: "class")
                }
                options.release = value
                rest = rest.dropFirst()
            default:
                options.submissions.append(word)
            }
        }
        guard !options.submissions.isEmpty else {
            throw UsageError(
                "class grade needs the students' submissions (folders, git repositories or bundles), e.g. `actorlings class grade submissions/*`",
                command: "class")
        }
        return ClassGradeCommand(options: options)
    }

    func run(in session: Session) async throws -> ExitCode {
        try await session.classGrade(options)
    }
}

/// What `actorlings class grade` grades and where it writes the reports.
struct ClassGradeOptions: Sendable, Equatable {
    /// Folders, git repositories (URLs or paths) or git bundles, one per student.
    var submissions: [String]
    /// Where the per-student JSON reports and the class summary go.
    var outputDirectory: String
    /// How many exercises to check at once, across all students (default: one more than the cores).
    var jobs: Int?
    /// `--step` / `--only`, as `grade` takes them: the exercises every student is graded on.
    var steps: [Int] = []
    var only: [String] = []
    /// `--no-sandbox`, handed to each student's `grade --submission`.
    var noSandbox = false
    /// `--release REF`: the course release (a tag of the trusted checkout) every submission's
    /// course files are judged against; nil: each submission's own (its workflow's `course-ref`).
    var release: String?

    init(submissions: [String], outputDirectory: String = "grades", jobs: Int? = nil, steps: [Int] = [], only: [String] = []) {
        self.submissions = submissions
        self.outputDirectory = outputDirectory
        self.jobs = jobs
        self.steps = steps
        self.only = only
    }
}
