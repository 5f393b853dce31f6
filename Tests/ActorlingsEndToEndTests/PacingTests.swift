import ActorlingsTestSupport
import Foundation
import Testing

/// An instructor's `Exercises/classroom.toml` holds a class at a step.
@Suite("Workshop pacing", .serialized)
struct PacingTests {
    let course: String

    init() throws {
        course = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-pacing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: course, withIntermediateDirectories: true)
        for folder in ["Exercises", "Lessons", "Solutions"] {
            try FileManager.default.copyItem(atPath: TestPaths.repositoryRoot + "/" + folder, toPath: course + "/" + folder)
        }
        try "until = 0\nmessage = \"Wait for the next part: we start step 1 together after lunch.\"\n"
            .write(toFile: course + "/Exercises/classroom.toml", atomically: true, encoding: .utf8)
    }

    @Test("Later steps are shown as opening later and cannot be checked yet")
    func locked() async throws {
        let list = try await runActorlings(["list"], in: course)
        #expect(list.output.contains("Step 1 · Single-threaded  (opens later)"))
        let check = try await runActorlings(["check", "main-actor-mode"], in: course)
        #expect(check.status == 1)
        #expect(check.output.contains("main-actor-mode is part of step 1, which opens later. Wait for the next part"))
    }

    @Test("After the last open exercise, the learner is told to wait")
    func waitMessage() async throws {
        let source = course + "/Exercises/00-welcome/intro/Sources/Greeting.swift"
        try FileManager.default.removeItem(atPath: source)
        try FileManager.default.copyItem(atPath: course + "/Solutions/00-welcome/intro/Greeting.swift", toPath: source)
        let check = try await runActorlings(["check", "intro"], in: course)
        #expect(check.status == 0)
        #expect(check.output.contains("Wait for the next part: we start step 1 together after lunch."))
        let status = try await runActorlings([], in: course)
        #expect(status.output.contains("Wait for the next part"))
        let grade = try await runActorlings(["grade"], in: course)
        #expect(grade.status == 0, "only the open steps count by default")
        #expect(grade.output.contains("1/1 points"))
    }

    @Test("A pacing file with a step that does not exist is a clear error")
    func badPacing() async throws {
        try "until = 12\n".write(toFile: course + "/Exercises/classroom.toml", atomically: true, encoding: .utf8)
        let result = try await runActorlings(["list"], in: course)
        #expect(result.status == 70)
        #expect(result.errors.contains("Exercises/classroom.toml:1: 'until': must be a step number from 0 to "))
        #expect(result.errors.contains(", found 12"))
    }
}
