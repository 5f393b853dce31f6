import ActorlingsTestSupport
import Foundation
import Testing

/// A private copy of the interleaving fixture course, with the repository's own support modules
/// (the harness under test is the course's, not a copy kept in the fixture).
private func copyOfInterleavingCourse() throws -> String {
    let destination = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-interleaving-\(UUID().uuidString)").path
    try FileManager.default.copyItem(atPath: TestPaths.testsDirectory.appendingPathComponent("Fixtures/interleaving-course").path, toPath: destination)
    try FileManager.default.copyItem(atPath: TestPaths.repositoryRoot + "/Exercises/Support", toPath: destination + "/Exercises/Support")
    return destination
}

/// Replaces `text` in the file at `path`; fails the test if the fixture no longer holds it.
private func edit(_ path: String, replacing text: String, with replacement: String) throws {
    let old = try String(contentsOfFile: path, encoding: .utf8)
    let new = old.replacingOccurrences(of: text, with: replacement)
    #expect(new != old, "\(path) no longer holds \(text); update this test")
    try new.write(toFile: path, atomically: true, encoding: .utf8)
}

/// The line of a verdict that shows the failing interleaving ("… → 2 requests over a quota of 1 · seed 3").
private func traceLine(_ output: String) -> String? {
    output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.contains(" → ") && $0.contains(" · seed ") }
}

/// The seed a verdict names.
private func seed(in line: String) -> String? {
    line.components(separatedBy: " · seed ").last.map { String($0.prefix { $0.isNumber }) }
}

@Suite("The interleaving harness, through the tool")
struct InterleavingHarnessTests {
    @Test("A race between two visits to an actor is found, shown as the steps of each task with its seed, and replayed exactly")
    func raceFoundShownAndReplayed() async throws {
        let course = try copyOfInterleavingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let first = try await runActorlings(["check", "quota"], in: course)
        #expect(first.status == 1)
        // The harness's own tests include one per replay gap (a priority of its own, a settled main
        // actor, a bare yield or a sleep): each gives the same verdict on every run, or says that
        // the schedule lost control.
        #expect(first.output.contains("1 of 18 tests failed"), "only the learner's race fails; the harness's own tests pass: \(first.output)")
        // A main-actor task's @concurrent call is enqueued from the main queue: it must still run
        // on the schedule's thread, or the seed does not decide its order.
        #expect(!first.output.contains("✘ aMainActorTasksConcurrentCallStaysOnTheSchedule()"), "\(first.output)")
        let line = try #require(traceLine(first.output), "no interleaving in: \(first.output)")
        #expect(line.contains("A: sees remaining = 1") && line.contains("B: sees remaining = 1"))
        #expect(line.contains("→ 2 requests over a quota of 1 · seed "))
        let found = try #require(seed(in: line))
        #expect(first.output.contains("`--replay \(found)` runs exactly this schedule again"))

        for _ in 0..<2 {
            let replay = try await runActorlings(["check", "quota", "--replay", found], in: course)
            #expect(replay.status == 1)
            #expect(traceLine(replay.output) == line, "the same seed, the same schedule: \(replay.output)")
        }
    }

    @Test("The answer that checks and takes in one visit passes every schedule, and a replayed seed passes too")
    func correctAnswerPasses() async throws {
        let course = try copyOfInterleavingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        try FileManager.default.removeItem(atPath: course + "/Exercises/00-races/quota/Sources/Quota.swift")
        try FileManager.default.copyItem(
            atPath: course + "/Solutions/00-races/quota/Quota.swift", toPath: course + "/Exercises/00-races/quota/Sources/Quota.swift")
        let passing = try await runActorlings(["check", "quota"], in: course)
        #expect(passing.status == 0, "\(passing.output)")
        let replay = try await runActorlings(["check", "quota", "--replay", "3"], in: course)
        #expect(replay.status == 0, "\(replay.output)")
    }

    /// A sleep in the learner's code is one more step the schedule chooses: the race is still
    /// found, the sleep's end is in its steps, and a second run says the same.
    @Test("A sleep in the learner's code is a step the schedule chooses: the race is found the same way on every run")
    func sleepIsAChosenStep() async throws {
        let course = try copyOfInterleavingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        try edit(
            course + "/Exercises/00-races/quota/Sources/Quota.swift", replacing: "    guard left > 0 else { return false }",
            with: "    try? await Task.sleep(for: .milliseconds(1))\n    guard left > 0 else { return false }")
        var lines: [String] = []
        for _ in 0..<2 {
            let run = try await runActorlings(["check", "quota"], in: course)
            #expect(run.status == 1)
            let line = try #require(traceLine(run.output), "no interleaving in: \(run.output)")
            #expect(line.contains(": sleep ends") && line.contains("requests over a quota of 1"), "\(line)")
            #expect(!run.output.contains("does not control"), "\(run.output)")
            lines.append(line)
        }
        #expect(Set(lines).count == 1, "two runs, two verdicts: \(lines)")
    }

    /// A continuation resumed from a Dispatch queue hands its task back from a thread of the pool,
    /// at a moment the machine chooses: the verdict says the schedule lost control, the same words
    /// at the same seed on every run.
    @Test("A wait resumed from outside the schedule is reported as work the schedule does not control, the same way on every run")
    func outsideWaitSaysTheScheduleLostControl() async throws {
        let course = try copyOfInterleavingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let source = course + "/Exercises/00-races/quota/Sources/Quota.swift"
        try edit(
            source, replacing: "    guard left > 0 else { return false }",
            with: "    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in DispatchQueue.global().async { done.resume() } }\n"
                + "    guard left > 0 else { return false }")
        try ("import Dispatch\n" + String(contentsOfFile: source, encoding: .utf8)).write(toFile: source, atomically: true, encoding: .utf8)

        var lines: [String] = []
        for _ in 0..<2 {
            let run = try await runActorlings(["check", "quota"], in: course)
            #expect(run.status == 1)
            #expect(run.output.contains("The schedule lost control of this test (seed 1;"), "\(run.output)")
            let outputLines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let line = try #require(outputLines.first { $0.contains("does not control") }, "\(run.output)")
            #expect(line.hasPrefix("the code under test waited in a way the schedule does not control"), "\(line)")
            lines.append(line)
        }
        #expect(Set(lines).count == 1, "two runs, two verdicts: \(lines)")
    }

    /// A trap can't be caught, so the harness keeps each schedule's trace rendered and writes it
    /// from the crash signal's handler: the verdict is still a crash, with the order that led to it.
    @Test("A crash in the middle of a schedule shows that schedule's steps and seed, and the replay crashes the same way")
    func crashShowsItsInterleaving() async throws {
        let course = try copyOfInterleavingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let source = course + "/Exercises/00-races/quota/Sources/Quota.swift"
        let racy = try String(contentsOfFile: source, encoding: .utf8)
        let trapping = racy.replacingOccurrences(
            of: "        remaining -= 1", with: "        precondition(remaining > 0, \"the quota was overdrawn\")\n        remaining -= 1")
        #expect(trapping != racy, "the fixture's takeOne() changed; update this test")
        try trapping.write(toFile: source, atomically: true, encoding: .utf8)

        let first = try await runActorlings(["check", "quota"], in: course)
        #expect(first.status == 1)
        #expect(first.output.contains("crashed while its tests ran"), "\(first.output)")
        #expect(first.output.contains("The program crashed in this order of the tasks' steps of theQuotaHoldsInEveryOrder()"), "\(first.output)")
        let line = try #require(traceLine(first.output), "no interleaving in: \(first.output)")
        #expect(line.contains("A: sees remaining = 1") && line.contains("B: sees remaining = 1"))
        #expect(line.contains("→ the program crashed here"))
        let found = try #require(seed(in: line))
        let replay = try await runActorlings(["check", "quota", "--replay", found], in: course)
        #expect(traceLine(replay.output) == line, "the same seed, the same crash: \(replay.output)")
    }

    /// The harness's compiled module is cached like the tests' objects, with a digest file: a
    /// replaced object is never linked, but compiled again and said in one line.
    @Test("A replaced compiled support module is compiled again, never linked")
    func replacedSupportObject() async throws {
        let course = try copyOfInterleavingCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let first = try await runActorlings(["check", "quota"], in: course)
        #expect(first.output.contains("1 of 18 tests failed"), "\(first.output)")
        let build = "\(course)/.actorlings/build"
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: build).first { $0.hasPrefix("support-InterleavingHarness-") })
        let object = "\(build)/\(folder)/InterleavingHarness.o"
        #expect(FileManager.default.fileExists(atPath: object + ".sha256"), "the support object has no digest file")
        try Data("not an object".utf8).write(to: URL(fileURLWithPath: object))

        let second = try await runActorlings(["check", "quota"], in: course)
        #expect(second.output.contains("1 of 18 tests failed"), "the honest verdict: \(second.output)\(second.errors)")
        #expect(second.output.contains("⚠ A cached compiled object was not the one Actorlings compiled"), "\(second.output)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: object)) != Data("not an object".utf8), "compiled again")
    }
}
