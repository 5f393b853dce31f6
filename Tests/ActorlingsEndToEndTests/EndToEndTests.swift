import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// Runs the built `actorlings` binary against the fixture course: one exercise per outcome.
@Suite("End to end: the binary against a fixture course", .serialized)
struct EndToEndTests {
    let course: String

    init() throws {
        course = try TestPaths.copyOfFixtureCourse()
    }

    @Test("A passing exercise passes with exit code 0")
    func passing() async throws {
        let result = try await runActorlings(["check", "passing"], in: course)
        #expect(result.status == 0)
        #expect(result.output.contains("✔ passing passed (1 test,"))
        #expect(result.output.contains("Remember this."))
        #expect(!result.output.contains("\u{1B}["), "no colour without a terminal")
    }

    @Test("A compile error is reported with its location and an excerpt")
    func compileError() async throws {
        let result = try await runActorlings(["check", "compile-error"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("✘ compile-error does not compile yet (1 error, 1 warning)"))
        #expect(result.output.contains("error: missing return in global function expected to return 'Int'"))
        #expect(result.output.contains("--> Exercises/00-basics/compile-error/Sources/Code.swift:3:1"))
    }

    @Test("A failing test shows expected against actual")
    func failingTest() async throws {
        let result = try await runActorlings(["check", "failing-test"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("1 of 2 tests failed"))
        #expect(result.output.contains("Expectation failed: (triple(3) → 6) == 9"))
    }

    @Test("A hanging exercise is stopped at its time limit and names the running test")
    func hangs() async throws {
        let start = Date()
        let result = try await runActorlings(["check", "hangs"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("hangs did not finish within 2 s and was stopped"))
        #expect(result.output.contains("Still running: finishes()"))
        #expect(Date().timeIntervalSince(start) < 60, "generous bound: compile + 2 s limit")
    }

    @Test("A crashing exercise reports the signal and the cause")
    func crashes() async throws {
        let result = try await runActorlings(["check", "crashes"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("💥 crashes crashed while its tests ran (signal 4"))
        #expect(result.output.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
    }

    @Test("An unknown exercise is a usage error with a suggestion")
    func unknownExercise() async throws {
        let result = try await runActorlings(["check", "pasing"], in: course)
        #expect(result.status == 64)
        #expect(result.errors.contains("there is no exercise 'pasing'; did you mean 'passing'?"))
    }

    @Test("Without a terminal, no command prints where the learner stands; from a subfolder too")
    func status() async throws {
        let result = try await runActorlings([], in: course + "/Exercises/00-basics")
        #expect(result.status == 0)
        #expect(result.output.contains("Fixture course 1.0.0 — 0 of 5 exercises passed"))
        #expect(result.output.contains("Your next exercise: passing"))
    }

    @Test("Progress is recorded and list shows it")
    func progress() async throws {
        _ = try await runActorlings(["check", "passing"], in: course)
        _ = try await runActorlings(["check", "failing-test"], in: course)
        let list = try await runActorlings(["list"], in: course)
        #expect(list.output.contains("1 of 5 exercises passed"))
        #expect(list.output.contains("✔ passing"))
        #expect(list.output.contains("✘ failing-test"))
        let saved = try String(contentsOfFile: course + "/.actorlings/progress.json", encoding: .utf8)
        #expect(saved.contains("\"format\" : 1"))
    }

    @Test("A damaged progress file is set aside with a message, never a crash")
    func damagedProgress() async throws {
        try FileManager.default.createDirectory(atPath: course + "/.actorlings", withIntermediateDirectories: true)
        try "{\"format\": 1, \"exerc".write(toFile: course + "/.actorlings/progress.json", atomically: true, encoding: .utf8)
        let result = try await runActorlings(["list"], in: course)
        #expect(result.status == 0)
        #expect(result.errors.contains("Your progress file was damaged (it is not valid JSON)"))
        #expect(FileManager.default.fileExists(atPath: course + "/.actorlings/progress.json.damaged"))
    }

    /// Found by attacking the progress lock: a folder where its file should be. The check's
    /// verdict stands; the note names the file in the way, not the progress file.
    @Test("A progress lock that can't be opened costs a note naming it, never the verdict")
    func unusableProgressLock() async throws {
        try FileManager.default.createDirectory(atPath: course + "/.actorlings/progress.lock", withIntermediateDirectories: true)
        let result = try await runActorlings(["check", "passing"], in: course)
        #expect(result.status == 0)
        #expect(result.output.contains("passing passed"))
        #expect(result.errors.contains("could not save progress") && result.errors.contains(".actorlings/progress.lock"), "\(result.errors)")
    }

    @Test("An edited test file is reported, not trusted")
    func editedTests() async throws {
        let path = course + "/Exercises/00-basics/failing-test/Tests/CodeTests.swift"
        try (String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "== 9", with: "== 6")).write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = try await runActorlings(["check", "failing-test"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("The tests of failing-test were changed"))
    }

    @Test("A forbidden construct is refused, but not in comments or strings")
    func forbidden() async throws {
        let path = course + "/Exercises/00-basics/passing/Sources/Code.swift"
        try
            ("// @unchecked Sendable is fine in a comment\nlet note = \"@unchecked Sendable\"\nfinal class Box: @unchecked Sendable {}\n"
            + String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await runActorlings(["check", "passing"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("@unchecked Sendable at Exercises/00-basics/passing/Sources/Code.swift:3:18"))
        #expect(!result.output.contains("Code.swift:1:"))
    }

    @Test("Hints come one at a time")
    func hints() async throws {
        let first = try await runActorlings(["hint", "failing-test"], in: course)
        #expect(first.output.contains("(1 of 2 general hints)"))
        #expect(first.output.contains("1. First hint."))
        #expect(!first.output.contains("Second hint."))
        let second = try await runActorlings(["hint", "failing-test"], in: course)
        #expect(second.output.contains("2. Second hint."))
        #expect(second.output.contains("That was the last hint"))
    }

    @Test("A hint follows the last check: the hint for its error first, then the ladder")
    func hintsFollowTheVerdict() async throws {
        let unchecked = try await runActorlings(["hint", "compile-error"], in: course)
        #expect(unchecked.output.contains("1. First hint."))
        #expect(unchecked.output.contains("Check your code first"))
        _ = try await runActorlings(["check", "compile-error"], in: course)
        let chosen = try await runActorlings(["hint", "compile-error"], in: course)
        #expect(chosen.output.contains("For your code now — the error at Code.swift:3: missing return in global function"))
        #expect(chosen.output.contains("The function promises an Int on every path"))
        #expect(chosen.output.contains("(1 of 2 general hints)"), "a hint for the verdict does not use up a rung of the ladder")
        let next = try await runActorlings(["hint", "compile-error"], in: course)
        #expect(next.output.contains("2. Second hint."))
    }

    @Test("A changed API is reported as breaking what the tests expect, at the test's line")
    func brokenTests() async throws {
        let path = course + "/Exercises/00-basics/failing-test/Sources/Code.swift"
        try "func triple(of value: Int) -> Int {\n    value * 3\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await runActorlings(["check", "failing-test"], in: course)
        #expect(result.status == 1)
        #expect(result.output.contains("Your change broke what the tests expect: 2 errors are in the tests"))
        #expect(result.output.contains("Exercises/00-basics/failing-test/Tests/CodeTests.swift:5"))
        #expect(result.output.contains("Keep the exercise's API"))
        #expect(!result.output.contains("swift-generated-sources"))
        let hint = try await runActorlings(["hint", "failing-test"], in: course)
        #expect(hint.output.contains("Your change broke what the tests expect"))
    }

    @Test("dev check verifies the fixture course, lessons included")
    func devCheck() async throws {
        let result = try await runActorlings(["dev", "check", "--color", "never"], in: course)
        // The hang, crash and passing exercises don't fail as declared: dev check must say so.
        #expect(result.status == 1)
        #expect(result.output.contains("✔ compile-error"))
        #expect(result.output.contains("✔ failing-test"))
        #expect(result.output.contains("✘ hangs"))
        #expect(result.output.contains("as shipped, expected failing tests (finishes()), but the outcome was timed-out"))
        #expect(result.output.contains("✔ Lessons/00-basics.md                    2 code blocks"))
    }

    @Test("Usage errors exit with 64 and help exits with 0")
    func usage() async throws {
        let bad = try await runActorlings(["frobnicate"], in: course)
        #expect(bad.status == 64)
        #expect(bad.errors.contains("unknown command 'frobnicate'"))
        let help = try await runActorlings(["--help"], in: course)
        #expect(help.status == 0)
        #expect(help.output.contains("USAGE"))
        let version = try await runActorlings(["--version"], in: "/")
        #expect(version.output.hasPrefix("actorlings "))
    }

    @Test("Outside a course, a clear error")
    func outsideCourse() async throws {
        let result = try await runActorlings(["list"], in: FileManager.default.temporaryDirectory.path)
        #expect(result.status == 70)
        #expect(result.errors.contains("No Actorlings course was found"))
    }
}

@Suite("Two actorlings at once")
struct CheckoutLockTests {
    @Test("A second actorlings that would build is refused with the first one's pid; read-only commands still work")
    func secondProcess() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        var lock: CheckoutLock? = try CheckoutLock.acquire(root: course, command: "watch")
        let busy = try await runActorlings(["check", "passing"], in: course, environment: ["ACTORLINGS_LOCK_WAIT": "0"])
        #expect(busy.status == 70)
        #expect(busy.errors.contains("another actorlings is already working in this checkout (pid \(getpid()): actorlings watch"))
        let list = try await runActorlings(["list"], in: course)
        #expect(list.status == 0)
        #expect(lock != nil)
        lock = nil
        let free = try await runActorlings(["check", "passing"], in: course)
        #expect(free.status == 0, "the lock is released when its holder goes away")
    }
}

@Suite("Migration exercises")
struct MigrationTests {
    @Test("A Swift 5 exercise also checked in Swift 6 mode shows both, and passes only when both are clean")
    func bothModes() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let definition = course + "/Exercises/00-basics/passing/exercise.toml"
        let text = try String(contentsOfFile: definition, encoding: .utf8)
            .replacingOccurrences(of: "swift-version = 6", with: "swift-version = 5\nstrict-concurrency = \"complete\"\nalso-check-swift-6 = true")
        try text.write(toFile: definition, atomically: true, encoding: .utf8)
        let source = course + "/Exercises/00-basics/passing/Sources/Code.swift"
        try "var calls = 0\n\nfunc add(_ a: Int, _ b: Int) -> Int {\n    a + b\n}\n".write(toFile: source, atomically: true, encoding: .utf8)
        let failing = try await runActorlings(["check", "passing"], in: course)
        #expect(failing.status == 1)
        #expect(failing.output.contains("warning: var 'calls' is not concurrency-safe"))
        #expect(failing.output.contains("error in Swift 6 mode: var 'calls' is not concurrency-safe"))
        try "let calls = 0\n\nfunc add(_ a: Int, _ b: Int) -> Int {\n    a + b\n}\n".write(toFile: source, atomically: true, encoding: .utf8)
        let passing = try await runActorlings(["check", "passing"], in: course)
        #expect(passing.status == 0, "\(passing.output)")
    }
}

@Suite("Waiting for the checkout")
struct CheckoutLockWaitTests {
    @Test("A command waits for another actorlings to finish its work instead of refusing")
    func waitsForTheHolder() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        var lock: CheckoutLock? = try CheckoutLock.acquire(root: course, command: "watch")
        let waiting = Task { try await runActorlings(["check", "passing"], in: course, environment: ["ACTORLINGS_LOCK_WAIT": "30"]) }
        try await Task.sleep(for: .seconds(1))
        #expect(lock != nil)
        lock = nil
        let result = try await waiting.value
        #expect(result.status == 0, "\(result.errors)")
    }
}
