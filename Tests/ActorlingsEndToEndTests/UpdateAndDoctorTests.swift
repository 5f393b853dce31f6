import ActorlingsTestSupport
import Foundation
import Testing

/// `update` on a learner's copy whose history is unrelated to the course's (as GitHub Classroom
/// makes them): the course's fixes arrive, the learner's work stays, and it can be undone; the
/// same from a bundle, offline.
@Suite("Course update", .serialized)
struct CourseUpdateTests {
    static let started = "Exercises/00-basics/failing-test/Sources/Code.swift"
    static let solved = "Exercises/00-basics/compile-error/Sources/Code.swift"
    static let untouched = "Exercises/00-basics/hangs/Sources/Code.swift"
    static let test = "Exercises/00-basics/compile-error/Tests/CodeTests.swift"

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test("Course fixed, learner work intact, undoable, and offline from a bundle")
    func endToEnd() async throws {
        // The author's private course (with Solutions/) and the published one (never with them).
        let upstream = try TestPaths.copyOfFixtureCourse()
        // A solution no learner file can equal, to look for in the learner's objects.
        try "// reference only \(UUID())\n".write(toFile: upstream + "/Solutions/00-basics/private-note.swift", atomically: true, encoding: .utf8)
        try await commitAsShipped(upstream)
        let published = upstream + "-published"
        let first = try await publishCourse(["-C", upstream, "course", published, "v1"])
        #expect(first.status == 0, "\(first.errors)")
        // The learner's copy: the template (no Solutions/) committed anew, then their work.
        let student = try TestPaths.copyOfFixtureCourse()
        try FileManager.default.removeItem(atPath: student + "/Solutions")
        try await commitAsShipped(student)
        try FileManager.default.removeItem(atPath: student + "/" + Self.solved)
        try FileManager.default.copyItem(atPath: upstream + "/Solutions/00-basics/compile-error/Code.swift", toPath: student + "/" + Self.solved)
        let mine = try read(student + "/" + Self.started) + "// my attempt\n"
        try mine.write(toFile: student + "/" + Self.started, atomically: true, encoding: .utf8)
        try await git(["commit", "-qam", "my work"], in: student)
        let solvedText = try read(student + "/" + Self.solved)

        // The author fixes a test, a lesson and two exercises, and paces the class.
        for path in [Self.test, Self.started, Self.untouched, "Lessons/00-basics.md"] {
            try ("// fixed by the author\n" + read(upstream + "/" + path)).write(toFile: upstream + "/" + path, atomically: true, encoding: .utf8)
        }
        try "until = 0\nmessage = \"More after lunch.\"\n".write(toFile: upstream + "/Exercises/classroom.toml", atomically: true, encoding: .utf8)
        let generate = try await runActorlings(["dev", "generate"], in: upstream)
        #expect(generate.status == 0, "\(generate.errors)")
        try await git(["add", "-A"], in: upstream)
        try await git(["commit", "-qm", "fixes"], in: upstream)

        let release = try await publishCourse(["-C", upstream, "course", published, "v2"])
        #expect(release.status == 0, "\(release.errors)")

        // The private copy is refused, and none of its solutions stays in the learner's objects.
        let refused = try await runActorlings(["update", upstream], in: student)
        #expect(refused.status == 64)
        #expect(refused.errors.contains("holds the reference solutions"))
        let secret = try #require(try await solutionBlobs(upstream, path: "Solutions/00-basics/private-note.swift").first)
        #expect(try await !hasObject(secret, in: student), "a solution's object reached the learner")

        let update = try await runActorlings(["update", published], in: student)
        #expect(update.status == 0, "\(update.output)\(update.errors)")
        #expect(update.output.contains("Your work is kept; the course also changed these files (1):\n  \(Self.started)"))
        #expect(update.output.contains("+ // fixed by the author"))
        #expect(try read(student + "/" + Self.solved) == solvedText)
        #expect(try read(student + "/" + Self.started) == mine)
        #expect(try read(student + "/" + Self.untouched) == read(upstream + "/" + Self.untouched))
        #expect(try read(student + "/" + Self.test) == read(upstream + "/" + Self.test))
        #expect(try read(student + "/Lessons/00-basics.md") == read(upstream + "/Lessons/00-basics.md"))
        #expect(FileManager.default.fileExists(atPath: student + "/Exercises/classroom.toml"))
        #expect(!FileManager.default.fileExists(atPath: student + "/Solutions"))
        // The fixed test is the course's now (shipped.txt came too), and the learner's fix passes it.
        let check = try await runActorlings(["check", "compile-error"], in: student)
        #expect(check.status == 0, "\(check.output)")

        // The learner starts the exercise the update refreshed, then undoes the update: that work stays.
        let afterUpdate = try read(student + "/" + Self.untouched) + "// started after the update\n"
        try afterUpdate.write(toFile: student + "/" + Self.untouched, atomically: true, encoding: .utf8)

        let undo = try await runActorlings(["update", "--undo"], in: student)
        #expect(undo.status == 0, "\(undo.errors)")
        #expect(undo.output.contains("Kept as you changed them after the update (1):\n  \(Self.untouched)\n"), "\(undo.output)")
        #expect(try read(student + "/" + Self.untouched) == afterUpdate)
        let undone = try FileManager.default.contentsOfDirectory(atPath: student + "/.actorlings/updates").filter { $0.hasSuffix(".undone") }
        #expect(try undone.count == 1 && read(student + "/.actorlings/updates/\(undone[0])/after/\(Self.untouched)") == afterUpdate)
        #expect(!FileManager.default.fileExists(atPath: student + "/Exercises/classroom.toml"))
        #expect(try !read(student + "/" + Self.test).hasPrefix("// fixed by the author"))
        #expect(try read(student + "/" + Self.solved) == solvedText)

        let bundle = upstream + ".bundle"
        try await git(["bundle", "create", "-q", bundle, "--all"], in: published)
        let offline = try await runActorlings(["update", bundle], in: student)
        #expect(offline.status == 0, "\(offline.output)\(offline.errors)")
        #expect(FileManager.default.fileExists(atPath: student + "/Exercises/classroom.toml"))
        let again = try await runActorlings(["update"], in: student)
        #expect(again.output.contains("The course is already up to date"))
    }

    /// Runs `Scripts/publish-template.sh` with `arguments`.
    func publishCourse(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        try await runProgram("/bin/bash", [TestPaths.repositoryRoot + "/Scripts/publish-template.sh"] + arguments, in: TestPaths.repositoryRoot)
    }

    /// The blob ids of the files at `path` in `course`'s HEAD.
    func solutionBlobs(_ course: String, path: String) async throws -> [String] {
        let listed = try await runProgram("/usr/bin/env", ["git", "-C", course, "ls-tree", "-r", "HEAD", path], in: course)
        return listed.output.split(separator: "\n").compactMap { $0.split(separator: "\t").first?.split(separator: " ").last.map(String.init) }
    }

    func hasObject(_ id: String, in repository: String) async throws -> Bool {
        try await runProgram("/usr/bin/env", ["git", "-C", repository, "cat-file", "-e", id], in: repository).status == 0
    }

    @Test("Without a source, and with one that is not a course, update says what to give")
    func badSource() async throws {
        let student = try TestPaths.copyOfFixtureCourse()
        try await commitAsShipped(student)
        let none = try await runActorlings(["update"], in: student)
        #expect(none.status == 64)
        #expect(none.errors.contains("name the course's upstream once"))
        let wrong = try await runActorlings(["update", "/nonexistent/course"], in: student)
        #expect(wrong.status == 64)
        #expect(wrong.errors.contains("could not fetch the course from /nonexistent/course"))
    }
}

/// `doctor` on a good set-up and a broken one (a `swiftc` that reports an old version first on
/// PATH, and a free-space threshold no disk meets).
@Suite("Doctor")
struct DoctorTests {
    @Test("A good set-up is ready: toolchain, disk, and one exercise's solution passes")
    func good() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let result = try await runActorlings(["doctor", "--min-free-mb", "1"], in: course)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("✔ toolchain"))
        #expect(result.output.contains("✔ one exercise      passing: the solution passes its"))
        #expect(result.output.contains("Ready."))
    }

    @Test("An old toolchain and a full disk are named, each with what to do")
    func broken() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let bin = course + "/fake-toolchain"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\necho 'Swift version 5.10 (swift-5.10-RELEASE)'\necho 'Target: x86_64-unknown-linux-gnu'\n"
            .write(toFile: bin + "/swiftc", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/swiftc")
        let path = bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try await runActorlings(["doctor", "--min-free-mb", "100000000"], in: course, environment: ["PATH": path])
        #expect(result.status == 1)
        #expect(result.output.contains("✘ toolchain         Swift 5.10 at \(bin)/swiftc; this course needs Swift 6.2 or newer"))
        #expect(result.output.contains("→ install Swift 6.2+"))
        #expect(result.output.contains("✘ disk space"))
        #expect(result.output.contains("→ free some space"))
        #expect(result.output.contains("✘ one exercise      not tried: no usable toolchain"))
        #expect(result.output.contains("Not ready: 3 checks failed."))
    }
}

/// A new `until` reaches a watch mode that is already running (as `update` or a pull brings it).
@Suite("Pacing in a running watch mode", .enabled(if: pseudoTerminalAvailable, "needs util-linux `script` for a pseudo-terminal"))
struct LivePacingTests {
    @Test("`hint` and `solution` refuse an exercise of a step that opens later, as `check` does")
    func hintAndSolution() async throws {
        let course = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-paced-hint-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: course, withIntermediateDirectories: true)
        for folder in ["Exercises", "Lessons", "Solutions"] {
            try FileManager.default.copyItem(atPath: TestPaths.repositoryRoot + "/" + folder, toPath: course + "/" + folder)
        }
        try "until = 0\nmessage = \"After lunch.\"\n".write(toFile: course + "/Exercises/classroom.toml", atomically: true, encoding: .utf8)
        for command in ["hint", "solution"] {
            let result = try await runActorlings([command, "main-actor-mode"], in: course)
            #expect(result.status == 1)
            #expect(result.output == "main-actor-mode is part of step 1, which opens later. After lunch.\n")
        }
        let open = try await runActorlings(["hint", "intro"], in: course)
        #expect(open.status == 0)
        #expect(open.output.contains("Hints for intro (1 of "))
    }

    @Test("`n` after the last open exercise waits; once `until` moves on, `n` opens the next step")
    func reloads() async throws {
        let course = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-live-pacing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: course, withIntermediateDirectories: true)
        for folder in ["Exercises", "Lessons", "Solutions"] {
            try FileManager.default.copyItem(atPath: TestPaths.repositoryRoot + "/" + folder, toPath: course + "/" + folder)
        }
        let pacing = course + "/Exercises/classroom.toml"
        try "until = 0\nmessage = \"After lunch.\"\n".write(toFile: pacing, atomically: true, encoding: .utf8)
        let source = course + "/Exercises/00-welcome/intro/Sources/Greeting.swift"
        try FileManager.default.removeItem(atPath: source)
        try FileManager.default.copyItem(atPath: course + "/Solutions/00-welcome/intro/Greeting.swift", toPath: source)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qfec", "'\(TestPaths.binary)' watch", "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: course)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        let screen = WatchModeTests.Screen()
        output.fileHandleForReading.readabilityHandler = { handle in screen.append(handle.availableData) }
        try process.run()
        defer {
            output.fileHandleForReading.readabilityHandler = nil
            if process.isRunning { process.terminate() }
        }
        var mark = try await screen.wait(for: "q quit", after: try await screen.wait(for: "intro passed"))
        try input.fileHandleForWriting.write(contentsOf: Data("n".utf8))
        mark = try await screen.wait(for: "After lunch.", after: mark)
        try "until = 1\nmessage = \"After lunch.\"\n".write(toFile: pacing, atomically: true, encoding: .utf8)
        try input.fileHandleForWriting.write(contentsOf: Data("n".utf8))
        mark = try await screen.wait(for: "main-actor-mode", after: mark)
        try input.fileHandleForWriting.write(contentsOf: Data("q".utf8))
        let clock = ContinuousClock()
        let sent = clock.now
        while process.isRunning, clock.now - sent < .seconds(10) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(process.terminationStatus == 0)
    }
}
