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
        try await onOwnThread { try commitAsShipped(course) }
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
}
