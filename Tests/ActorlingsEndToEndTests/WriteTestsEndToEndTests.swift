import ActorlingsTestSupport
import Foundation
import Testing

/// Exercises that ask for tests, end to end, against `Fixtures/write-tests-course`: one exercise
/// whose learner writes tests for `clamp`, graded against the code and two mutants.
@Suite("Exercises that ask for tests, end to end")
struct WriteTestsEndToEndTests {
    private static let learnerFile = "Exercises/00-basics/clamping/Tests/ClampTests.swift"

    @Test("dev check: the shipped tests miss the mutants, the reference tests catch them, the corpus is rejected")
    func devCheck() async throws {
        let course = try TestPaths.copyOfFixture(named: "write-tests-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        let result = try await runActorlings(["dev", "check", "clamping", "--color", "never"], in: course)
        #expect(result.status == 0, "\(result.output)")
        #expect(
            result.output.contains("✔ clamping") && result.output.contains("shipped: tests-failed, solution: passed, corpus: 2/2 wrong rejected"),
            "\(result.output)")
    }

    @Test("A learner's tests pass when they catch every mutant; their test file is theirs, a mutant is protected and reset")
    func learnerFlow() async throws {
        let course = try TestPaths.copyOfFixture(named: "write-tests-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        try await commitAsShipped(course)
        let shipped = try await runActorlings(["check", "clamping", "--color", "never"], in: course)
        #expect(shipped.status == 1)
        #expect(shipped.output.contains("✘ clamping: your tests missed 2 of 2 broken implementations"), "\(shipped.output)")
        #expect(shipped.output.contains("one that lets a value above the range through"))

        let reference = try String(contentsOfFile: "\(course)/Solutions/00-basics/clamping/ClampTests.swift", encoding: .utf8)
        try reference.write(toFile: "\(course)/\(Self.learnerFile)", atomically: true, encoding: .utf8)
        let solved = try await runActorlings(["check", "clamping", "--color", "never"], in: course)
        #expect(solved.status == 0, "\(solved.output)")

        let mutant = "Exercises/.mutants/clamping/ignores-the-ceiling/Clamp.swift"
        let shippedMutant = try String(contentsOfFile: "\(course)/\(mutant)", encoding: .utf8)
        try "func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int { 0 }\n".write(
            toFile: "\(course)/\(mutant)", atomically: true, encoding: .utf8)
        let edited = try await runActorlings(["check", "clamping", "--color", "never"], in: course)
        #expect(edited.status == 1)
        // A mutant decides whether the exercise passes, as a test does, and is reported as one.
        #expect(edited.output.contains("✘ The tests of clamping were changed."), "\(edited.output)")
        #expect(edited.output.contains(mutant))

        let reset = try await runActorlings(["reset", "clamping", "--yes"], in: course)
        #expect(reset.status == 0, "\(reset.errors)")
        #expect(try String(contentsOfFile: "\(course)/\(mutant)", encoding: .utf8) == shippedMutant)
    }

    @Test("A mutant the learner's tests only hang on is not caught: the verdict says the tests hang on it, and what it breaks")
    func aHangIsNotACatch() async throws {
        let course = try TestPaths.copyOfFixture(named: "write-tests-course")
        defer { try? FileManager.default.removeItem(atPath: course) }
        // A short time limit: the hang is the point, not its length.
        let definition = "\(course)/Exercises/00-basics/clamping/exercise.toml"
        let toml = try String(contentsOfFile: definition, encoding: .utf8)
        try toml.replacingOccurrences(of: "protected = [\"Clamp.swift\"]\n", with: "protected = [\"Clamp.swift\"]\ntime-limit = 3\n")
            .write(toFile: definition, atomically: true, encoding: .utf8)
        try await commitAsShipped(course)
        let hanging = try String(contentsOfFile: "\(course)/Payloads/hangs-on-one-mutant/ClampTests.swift", encoding: .utf8)
        try hanging.write(toFile: "\(course)/\(Self.learnerFile)", atomically: true, encoding: .utf8)

        let result = try await runActorlings(["check", "clamping", "--color", "never"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("✘ clamping: your tests missed 1 of 2 broken implementations"), "\(result.output)")
        #expect(
            result.output.contains(
                "Your tests hang on this mutant (lowersAValueAbove() never finished): a broken implementation, one that lets a value above the range through."),
            "\(result.output)")
        #expect(result.output.contains("A hang is not a catch"))
        // The other mutant fails a test: caught, so not named.
        #expect(!result.output.contains("one above its lower bound"), "\(result.output)")
    }
}
