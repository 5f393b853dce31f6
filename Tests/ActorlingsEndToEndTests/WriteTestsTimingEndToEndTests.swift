import ActorlingsTestSupport
import Foundation
import Testing

/// A private copy of `Fixtures/write-tests-timing-course`, with the repository's own support
/// modules (the harness a learner's tests import is the course's, not a copy kept in the fixture).
private func copyOfTimingCourse() throws -> String {
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-write-tests-timing-\(UUID().uuidString)").path
    try FileManager.default.copyItem(
        atPath: TestPaths.testsDirectory.appendingPathComponent("Fixtures/write-tests-timing-course").path, toPath: destination)
    try FileManager.default.copyItem(atPath: TestPaths.repositoryRoot + "/Exercises/Support", toPath: destination + "/Exercises/Support")
    return destination
}

/// Puts the learner files of `folder` (relative to the course) in place of the learner's own.
private func answer(with folder: String, in course: String) throws {
    for file in ["SearchModelTests.swift", "Waiting.swift"] {
        let target = "\(course)/Exercises/00-search/gated-search/Tests/\(file)"
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: "\(course)/\(folder)/\(file)", toPath: target)
    }
}

/// A learner's suite that passes, or catches a mutant, only because the runtime's usual order of
/// its jobs suits it: the suite also runs under orders a seed chooses (every job of the run on one
/// thread), and must pass under each against the correct code, and fail under each against a mutant.
@Suite("Exercises that ask for tests: suites that depend on timing, end to end", .tags(.endToEnd))
struct WriteTestsTimingEndToEndTests {
    /// Each waits "long enough" in a helper of another file of the test module, spelled so that no
    /// construct rule of the course names it (the fixture exercise forbids nothing).
    @Test(
        "A suite that waits for long enough instead of for the event is reported as depending on timing, however it waits",
        arguments: ["yield-loop-in-a-helper", "continuation-resumed-from-a-task", "dispatch-queue-hop"])
    func timingDependentSuite(_ payload: String) async throws {
        let course = try copyOfTimingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        try answer(with: "Payloads/\(payload)", in: course)
        let result = try await runActorlings(["check", "gated-search", "--color", "never"], in: course)
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("Your tests depend on timing: they pass in the runtime's usual order"), "\(result.output)")
        #expect(result.output.contains("fail under seed "), "\(result.output)")
    }

    @Test("A suite that waits for each request gets the verdict it gets without the schedules: it passes, every mutant caught")
    func gatedSuitePasses() async throws {
        let course = try copyOfTimingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let shipped = try await runActorlings(["check", "gated-search", "--color", "never"], in: course)
        #expect(shipped.status == 1)
        #expect(shipped.output.contains("✘ gated-search: your tests missed 1 of 1 broken implementation"), "\(shipped.output)")
        #expect(!shipped.output.contains("depend on timing"), "\(shipped.output)")

        try answer(with: "Solutions/00-search/gated-search", in: course)
        let solved = try await runActorlings(["check", "gated-search", "--color", "never"], in: course)
        #expect(solved.status == 0, "\(solved.output)")
        #expect(solved.output.contains("✔ gated-search passed (2 tests"), "\(solved.output)")
    }

    /// Under a seed every job runs on one thread, and a sleep's job comes back through a timer:
    /// a sleep is not a verdict by itself, only what the suite hopes it gives.
    @Test("A suite that sleeps where it does not depend on it passes under every order")
    func sleepIsNotTiming() async throws {
        let course = try copyOfTimingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        try answer(with: "Payloads/sleeps-without-depending-on-it", in: course)
        let result = try await runActorlings(["check", "gated-search", "--color", "never"], in: course)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("✔ gated-search passed (3 tests"), "\(result.output)")
    }

    /// `support = ["InterleavingHarness"]` in a write-tests exercise: the learner's test file
    /// imports the course's harness, compiled from the course, and explores schedules with it.
    @Test("A learner's tests import the course's interleaving harness and explore with it")
    func learnerTestsImportTheHarness() async throws {
        let course = try copyOfTimingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        try answer(with: "Payloads/explores-with-the-harness", in: course)
        let result = try await runActorlings(["check", "gated-search", "--color", "never"], in: course)
        #expect(result.status == 0, "the exploring test passes for the code that works and fails for the mutant: \(result.output)")
        #expect(result.output.contains("✔ gated-search passed (1 test"), "\(result.output)")
    }
}
