import ActorlingsCore
import ActorlingsTestSupport
import Testing

@testable import ActorlingsCLI

/// Every option the parser accepts for the grading commands is named in their help.
@Suite("Help for grading names every option")
struct GradeOptionsHelpTests {
    /// One case per option: the words that use it, and the help that must name it.
    static let options: [(words: [String], help: String, option: String)] = [
        (["grade", "--submission", "ada"], "grade", "--submission"),
        (["grade", "--submission", "ada", "--release", "v2"], "grade", "--release"),
        (["grade", "--step", "1"], "grade", "--step"),
        (["grade", "--only", "intro"], "grade", "--only"),
        (["grade", "--format", "json"], "grade", "--format"),
        (["grade", "--output", "grade.json"], "grade", "--output"),
        (["grade", "--report", "junit=grade.xml"], "grade", "--report"),
        (["grade", "--min-score", "80"], "grade", "--min-score"),
        (["grade", "--jobs", "2"], "grade", "--jobs"),
        (["grade", "--test-cache", "cache"], "grade", "--test-cache"),
        (["grade", "--submission", "ada", "--no-sandbox"], "grade", "--no-sandbox"),
        (["class", "grade", "ada", "--release", "v2"], "class", "--release"),
        (["class", "grade", "ada", "--output-dir", "grades"], "class", "--output-dir"),
        (["class", "grade", "ada", "--jobs", "2"], "class", "--jobs"),
        (["class", "grade", "ada", "--step", "1"], "class", "--step"),
        (["class", "grade", "ada", "--only", "intro"], "class", "--only"),
        (["class", "grade", "ada", "--no-sandbox"], "class", "--no-sandbox"),
        (["class", "ada.json", "--format", "csv"], "class", "--format"),
        (["class", "ada.json", "--output", "class.csv"], "class", "--output"),
    ]

    @Test("Every option grade and class accept is in their help", arguments: options)
    func documented(_ words: [String], help: String, option: String) throws {
        _ = try ArgumentParser.parse(words)
        #expect(HelpText.text(for: help).contains(option), "\(option) is not in `help \(help)`")
    }

    @Test("--release without --submission is a usage error that says what to add")
    func releaseNeedsASubmission() {
        let error = #expect(throws: UsageError.self) { try ArgumentParser.parse(["grade", "--release", "v2"]) }
        #expect(error?.message.contains("give --submission PATH too") == true)
    }
}
