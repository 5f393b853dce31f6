import Foundation
import Testing

@testable import ActorlingsCore

@Suite("Trusted grading: copies, differences, identities, Classroom totals")
struct TrustedGradingTests {
    static let reference = """
        /// Counts visits.
        actor VisitCounter {
            private var counts: [String: Int] = [:]

            func record(_ page: String) -> Int {
                let next = (counts[page] ?? 0) + 1
                counts[page] = next
                return next
            }

            func total() -> Int {
                var sum = 0
                for (_, count) in counts { sum += count }
                return sum
            }
        }

        """

    @Test(
        "A copy survives comments, white space and renamed locals",
        arguments: [
            ("a comment", "// My own work, honest.\n" + reference),
            ("re-indented, blank lines", reference.replacingOccurrences(of: "    ", with: "  ").replacingOccurrences(of: "\n\n", with: "\n\n\n")),
            ("renamed locals", reference.replacingOccurrences(of: "next", with: "updated").replacingOccurrences(of: "sum", with: "all")),
            ("all three", "/* mine */\n" + reference.replacingOccurrences(of: "sum", with: "result").replacingOccurrences(of: "  ", with: "\t")),
        ])
    func copies(_ name: String, _ learner: String) {
        #expect(SolutionSimilarity.similarity(learner, Self.reference) >= SolutionSimilarity.threshold, "\(name)")
        #expect(SolutionSimilarity.isCopy(learner: [learner], reference: [Self.reference]))
    }

    @Test("Own work is not a copy")
    func ownWork() {
        let own = """
            actor VisitCounter {
                private var visits: [(page: String, at: Int)] = []

                func record(_ page: String) -> Int {
                    visits.append((page, visits.count))
                    return visits.filter { $0.page == page }.count
                }

                func total() -> Int { visits.count }
            }

            """
        #expect(SolutionSimilarity.similarity(own, Self.reference) < 0.95)
        #expect(!SolutionSimilarity.isCopy(learner: [own], reference: [Self.reference]))
        // A different expression (not a renamed local) is a different program.
        let swapped = "func add(_ a: Int, _ b: Int) -> Int {\n    b + a\n}\n"
        #expect(!SolutionSimilarity.isCopy(learner: [swapped], reference: ["func add(_ a: Int, _ b: Int) -> Int {\n    a + b\n}\n"]))
        #expect(!SolutionSimilarity.isCopy(learner: [], reference: []))
    }

    @Test("Only what the learner wrote is compared: the shipped code is nobody's copy, a short fix is not judged")
    func writtenLinesOnly() {
        let shipped = Self.reference.replacingOccurrences(of: "actor VisitCounter", with: "final class VisitCounter")
        #expect(SolutionSimilarity.similarity(shipped, Self.reference) >= 0.95, "whole files are nearly equal")
        #expect(!SolutionSimilarity.isCopy(learner: [shipped], reference: [Self.reference], shipped: [shipped]))
        // `actor` for `final class`: the one right fix, which an honest learner writes too.
        #expect(!SolutionSimilarity.isCopy(learner: ["// mine\n" + Self.reference], reference: [Self.reference], shipped: [shipped]))
        // An exercise whose body was to be written: the reference's body, renamed and commented, is a copy.
        let empty = Self.reference.replacingOccurrences(
            of: "        let next = (counts[page] ?? 0) + 1\n        counts[page] = next\n        return next\n", with: "        fatalError()\n"
        ).replacingOccurrences(
            of: "        var sum = 0\n        for (_, count) in counts { sum += count }\n        return sum\n", with: "        fatalError()\n")
        let copy = Self.reference.replacingOccurrences(of: "next", with: "n").replacingOccurrences(of: "sum", with: "s").replacingOccurrences(
            of: "        return n\n", with: "        // done\n        return n\n")
        #expect(SolutionSimilarity.isCopy(learner: [copy], reference: [Self.reference], shipped: [empty]))
        // The same lines written in another place are another answer.
        let moved = empty.replacingOccurrences(
            of: "    func total() -> Int {\n        fatalError()\n",
            with: "    func total() -> Int {\n        var sum = 0\n        for (_, count) in counts { sum += count }\n        return sum\n")
        #expect(!SolutionSimilarity.isCopy(learner: [moved], reference: [Self.reference], shipped: [empty]))
        // An honest answer to the same exercise.
        let own = empty.replacingOccurrences(
            of: "    func record(_ page: String) -> Int {\n        fatalError()\n",
            with: "    func record(_ page: String) -> Int {\n        counts[page, default: 0] += 1\n        return counts[page] ?? 0\n"
        )
        .replacingOccurrences(of: "    func total() -> Int {\n        fatalError()\n", with: "    func total() -> Int {\n        counts.values.reduce(0, +)\n")
        #expect(!SolutionSimilarity.isCopy(learner: [own], reference: [Self.reference], shipped: [empty]))
    }

    @Test("The ratio is 2·LCS / (m + n)")
    func ratio() {
        #expect(SolutionSimilarity.ratio(["a", "b", "c"], ["a", "b", "c"]) == 1)
        #expect(SolutionSimilarity.ratio(["a", "b"], ["c", "d"]) == 0)
        #expect(SolutionSimilarity.ratio(["a", "b", "c", "d"], ["a", "c", "d", "e"]) == 0.75)
    }

    /// The shortcut (common prefix and suffix taken off before the table) finds the same longest
    /// common subsequence as the whole table, on sequences that share ends and on ones that don't.
    @Test(
        "Trimming common ends keeps the ratio exact",
        arguments: [
            ("a b c x y z", "a b q x y z"), ("a b c", "c b a"), ("a a a b", "a b a a"), ("x y", "x y x y"),
            ("a b a b a", "b a b a b"), ("p q r s", "p s"), ("m", "m m m"), ("a b c d e f", "f e d c b a"),
        ])
    func trimmedRatio(first: String, second: String) {
        let a = first.split(separator: " ").map(String.init)
        let b = second.split(separator: " ").map(String.init)
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in a.indices {
            for j in b.indices {
                table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        let expected = 2 * Double(table[a.count][b.count]) / Double(a.count + b.count)
        #expect(SolutionSimilarity.ratio(a, b) == expected)
        #expect(SolutionSimilarity.ratio(b, a) == expected)
    }

    @Test("Differences outside the learner files are flagged; private paths may be absent")
    func audit() {
        let course: Set<String> = [
            "Exercises/course.toml", "Exercises/shipped.txt", "Exercises/00-a/x/Sources/Code.swift", "Exercises/00-a/x/Tests/T.swift",
            "Solutions/00-a/x/Code.swift", ".github/workflows/actorlings-grade.yml", ".github/workflows/classroom.yml",
        ]
        let submission: [String: SubmissionAudit.Entry] = [
            "Exercises/course.toml": .file, "Exercises/00-a/x/Sources/Code.swift": .file, "Exercises/00-a/x/Tests/T.swift": .file,
            ".github/workflows/classroom.yml": .symlink, "Exercises/classroom.toml": .file, "notes.txt": .unreadable,
        ]
        let flags = SubmissionAudit.flags(
            course: course, submission: submission, differing: ["Exercises/00-a/x/Tests/T.swift", "Exercises/00-a/x/Sources/Code.swift"],
            learnerFiles: ["Exercises/00-a/x/Sources/Code.swift"])
        #expect(
            flags == [
                SubmissionFlag(file: ".github/workflows/classroom.yml", change: .symlink),
                SubmissionFlag(file: "Exercises/00-a/x/Tests/T.swift", change: .modified),
                SubmissionFlag(file: "Exercises/classroom.toml", change: .added),
                SubmissionFlag(file: "Exercises/shipped.txt", change: .deleted),
                SubmissionFlag(file: "notes.txt", change: .unreadable),
            ])
    }

    @Test(
        "Credentials never reach a report",
        arguments: [
            ("https://x-access-token:ghs_SECRET@github.com/org/repo.git", "https://github.com/org/repo.git"),
            ("https://ghp_SECRET@github.com/org/repo", "https://github.com/org/repo"),
            ("https://github.com/org/repo.git?token=SECRET", "https://github.com/org/repo.git"),
            ("  https://github.com/org/repo\n", "https://github.com/org/repo"),
            ("git@github.com:org/repo.git", "git@github.com:org/repo.git"),
            ("/srv/classes/ada.git", "/srv/classes/ada.git"),
        ])
    func redacted(_ address: String, _ expected: String) {
        #expect(RepositoryAddress.redacted(address) == expected)
        #expect(!RepositoryAddress.redacted(address).contains("SECRET"))
    }

    static func exercise(_ id: String, points: Int) -> Exercise {
        Exercise(
            id: id, title: id.capitalized, stepNumber: 0, section: "s", files: ["Code.swift"], testFiles: ["T.swift"],
            settings: CompilerSettings(), expectedFailure: .tests(["t()"]), forbidden: [], hints: ["h"], afterPass: "", timeLimit: .seconds(10),
            points: points, directory: "Exercises/00-a/\(id)", solutionDirectory: "Solutions/00-a/\(id)")
    }

    @Test(
        "GitHub Classroom's log total equals its dashboard total",
        arguments: [
            [(1, true), (1, false), (3, true)],
            [(1, true), (1, false), (3, false)],
            [(3, true), (0, true), (2, false), (1, true)],
            [(5, false)],
            [(2, true), (2, true)],
        ] as [[(Int, Bool)]])
    func classroomTotals(_ exercises: [(points: Int, passed: Bool)]) throws {
        let graded = exercises.enumerated().map { index, entry in
            GradedExercise(
                exercise: Self.exercise("e\(index)", points: entry.points),
                verdict: Verdict(
                    exerciseID: "e\(index)", outcome: entry.passed ? .passed(testCount: 1) : .compileFailed([]), duration: .milliseconds(10)),
                copiedSolution: false)
        }
        let course = Course(format: 1, title: "T", version: "1", minimumSwift: ToolchainVersion([6, 2]), constructs: [], steps: [])
        let report = GradeReport(toolVersion: "0", toolchain: "6", course: course, student: .init(), generatedAt: "", exercises: graded)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(GradeReportFormat.github.render(report).utf8)) as? [String: Any])
        let tests = try #require(json["tests"] as? [[String: Any]])
        let maxScore = try #require(json["max_score"] as? Int)
        // notify-classroom.js: the dashboard sums the tests' scores.
        let dashboard = tests.reduce(0) { $0 + ($1["score"] as? Int ?? 0) }
        // aggregate-results.js: the log prints passed ÷ total × max_score.
        let passed = tests.filter { $0["status"] as? String == "pass" }.count
        let log = Double(passed) / Double(tests.count) * Double(maxScore == 0 ? 1 : maxScore)
        #expect(dashboard == report.totals.points)
        #expect(maxScore == report.totals.maxPoints)
        #expect(log == Double(dashboard), "log \(log) vs dashboard \(dashboard)")
    }

    @Test("A failed grading still gives Classroom a result: zero points and the reason")
    func failure() throws {
        let text = GradeReportFormat.githubFailure(reason: "grading failed: the submission x does not exist", maxScore: 46)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["max_score"] as? Int == 46)
        #expect(json["status"] as? String == "error")
        let tests = try #require(json["tests"] as? [[String: Any]])
        #expect(tests.count == 1 && tests[0]["score"] as? Int == 0)
        #expect((tests[0]["message"] as? String)?.contains("does not exist") == true)
    }
}
