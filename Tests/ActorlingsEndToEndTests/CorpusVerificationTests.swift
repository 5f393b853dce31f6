import ActorlingsTestSupport
import Foundation
import Testing

/// The wrong-fix corpus and protected files, end to end, against `Fixtures/corpus-course`: one
/// exercise whose corpus holds every way an entry can fare.
@Suite("The wrong-fix corpus and protected files", .tags(.endToEnd, .slow))
struct CorpusVerificationTests {
    private static let corpus = "Solutions/00-basics/doubling/corpus.toml"

    @Test("dev check ID checks the exercise's corpus and says how each entry fared")
    func devCheck() async throws {
        let course = try TestPaths.copyOfFixture(named: "corpus-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let result = try await runActorlings(["dev", "check", "doubling", "--color", "never"], in: course)
        let output = result.output
        #expect(result.status == 1)
        // Rejected as declared (by tests, by construct, by the compiler) and the passing
        // also-correct answer produce no finding; the other three entries each produce one.
        #expect(output.contains("✘ doubling"))
        #expect(output.contains("shipped: tests-failed, solution: passed, corpus: 3/5 wrong rejected, 1/2 also-correct passed"))
        let findings = output.split(separator: "\n").filter { $0.hasPrefix("✘ Solutions/") }.map(String.init)
        try #require(findings.count == 3, "\(output)")
        #expect(findings[0] == "✘ \(Self.corpus):27: wrong fix 'hard-coded' PASSED — strengthen the tests so that it fails")
        #expect(
            findings[1] == "✘ \(Self.corpus):35: wrong fix 'absolute-value' was rejected, but the verdict does not say 'overflow' "
                + "(it said: failing tests: doublesNegatives() (Expectation failed: (double(-2) → 4) == -4 — a negative number doubled stays negative))")
        // The failing tests are listed in the order they finished.
        #expect(findings[2].hasPrefix("✘ \(Self.corpus):47: also-correct answer 'shifts-too-far' does not pass: failing tests: "))
        #expect(findings[2].contains("doublesThree() (Expectation failed: (double(3) → 12) == 6 — three doubled is six)"))
        #expect(output.contains("3 problem(s) (1 exercises, 3 of 5 wrong fixes rejected, 1 of 2 also-correct passed, 0 lesson code blocks,"))
        // Each entry was built in a folder of its own.
        for folder in ["wrong-adds-three", "wrong-hard-coded", "also-correct-adds-itself"] {
            #expect(FileManager.default.fileExists(atPath: "\(course)/.actorlings/dev-check/doubling/\(folder)"), "\(folder)")
        }
    }

    @Test("An after note that names a trap needs a wrong fix with after-pass = true")
    func trapAvoided() async throws {
        let course = try TestPaths.copyOfFixture(named: "corpus-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let path = "\(course)/\(Self.corpus)"
        // Only the after-pass entry stays, without its flag: nothing else needs building.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let firstEntry = try #require(text.components(separatedBy: "\n\n[[wrong]]\nname = \"unchecked-box\"").first)
        try firstEntry.replacingOccurrences(of: "after-pass = true", with: "").write(toFile: path, atomically: true, encoding: .utf8)
        for name in ["unchecked-box", "returns-a-double", "hard-coded", "absolute-value"] {
            try FileManager.default.removeItem(atPath: "\(course)/Solutions/00-basics/doubling/wrong/\(name)")
        }
        try FileManager.default.removeItem(atPath: "\(course)/Solutions/00-basics/doubling/also-correct")
        let result = try await runActorlings(["dev", "check", "--only", "doubling", "--color", "never"], in: course)
        #expect(result.status == 1)
        #expect(
            result.output.contains(
                "✘ \(Self.corpus): 'after-pass': Lessons/Hints/00-basics/doubling.toml's `after` note names a trap, "
                    + "but no [[wrong]] entry has `after-pass = true`"), "\(result.output)")
        #expect(result.output.contains("corpus: 1/1 wrong rejected, 0/0 also-correct passed"))
    }

    @Test("A verdict hint that neither the shipped exercise nor a wrong fix shows is a problem, named by its number")
    func hintNobodyGets() async throws {
        let course = try TestPaths.copyOfFixture(named: "corpus-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        // Only the first entry stays: it fails doublesNegatives(), as the second hint says.
        let path = "\(course)/\(Self.corpus)"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let firstEntry = try #require(text.components(separatedBy: "\n\n[[wrong]]\nname = \"unchecked-box\"").first)
        try firstEntry.write(toFile: path, atomically: true, encoding: .utf8)
        for name in ["unchecked-box", "returns-a-double", "hard-coded", "absolute-value"] {
            try FileManager.default.removeItem(atPath: "\(course)/Solutions/00-basics/doubling/wrong/\(name)")
        }
        try FileManager.default.removeItem(atPath: "\(course)/Solutions/00-basics/doubling/also-correct")
        let hints = "\(course)/Lessons/Hints/00-basics/doubling.toml"
        let whens = [
            "[[when]]\ntests = [\"doublesThree()\"]\nhint = \"The shipped code fails this one.\"",
            "[[when]]\ntests = [\"doublesNegatives()\"]\nhint = \"Adding three fails this one.\"",
            "[[when]]\noutcome = \"crashed\"\nhint = \"Nothing in the corpus crashes.\"",
        ]
        try (String(contentsOfFile: hints, encoding: .utf8) + "\n" + whens.joined(separator: "\n\n") + "\n")
            .write(toFile: hints, atomically: true, encoding: .utf8)
        let result = try await runActorlings(["dev", "check", "--only", "doubling", "--color", "never"], in: course)
        #expect(result.status == 1)
        let findings = result.output.split(separator: "\n").filter { $0.hasPrefix("✘ Lessons/") }
        #expect(
            findings == [
                "✘ Lessons/Hints/00-basics/doubling.toml: `[[when]]` #3 (outcome = \"crashed\") matches neither the shipped exercise's "
                    + "verdict nor any wrong fix's: add the wrong fix it is written for to the corpus, or correct its condition"
            ], "\(result.output)")
    }

    @Test("A TODO that names what the solution introduces is a problem with its file, line and word")
    func todoNamesTheFix() async throws {
        let course = try TestPaths.copyOfFixture(named: "corpus-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        // Without a corpus, only the shipped files and the solution are built.
        let solution = "\(course)/Solutions/00-basics/doubling"
        for name in ["corpus.toml", "wrong", "also-correct"] {
            try FileManager.default.removeItem(atPath: "\(solution)/\(name)")
        }
        try "func double(_ value: Int) -> Int {\n    let twice = value * factor\n    return twice\n}\n"
            .write(toFile: "\(solution)/Code.swift", atomically: true, encoding: .utf8)
        let shipped = "Exercises/00-basics/doubling/Sources/Code.swift"
        try "// TODO: the total is off.\n// Return `twice` the value.\nfunc double(_ value: Int) -> Int {\n    value\n}\n"
            .write(toFile: "\(course)/\(shipped)", atomically: true, encoding: .utf8)
        let result = try await runActorlings(["dev", "check", "--only", "doubling", "--color", "never"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("✘ \(shipped):2: the TODO names `twice`, which the reference solution introduces"), "\(result.output)")
        #expect(!result.output.contains("`total`"))
    }

    @Test("An edited protected file is reported like an edited test, named as protected, and restored by reset")
    func protectedFileEdited() async throws {
        let course = try TestPaths.copyOfFixture(named: "corpus-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        try await commitAsShipped(course)
        let library = "Exercises/00-basics/doubling/Sources/Library.swift"
        let shipped = try String(contentsOfFile: "\(course)/\(library)", encoding: .utf8)
        try "let factor = 3\n".write(toFile: "\(course)/\(library)", atomically: true, encoding: .utf8)
        let result = try await runActorlings(["check", "doubling", "--color", "never"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("✘ Protected files of doubling were changed."), "\(result.output)")
        #expect(result.output.contains("\(library) (protected: don't change this file)"))

        let reset = try await runActorlings(["reset", "doubling", "--yes"], in: course)
        #expect(reset.status == 0, "\(reset.errors)")
        #expect(try String(contentsOfFile: "\(course)/\(library)", encoding: .utf8) == shipped)
    }

    @Test("A learner's checkout has no Solutions/: the course loads, and no corpus is needed")
    func withoutSolutions() async throws {
        let course = try TestPaths.copyOfFixture(named: "corpus-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        try FileManager.default.removeItem(atPath: "\(course)/Solutions")
        let result = try await runActorlings(["list", "--color", "never"], in: course)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("doubling"))
    }
}
