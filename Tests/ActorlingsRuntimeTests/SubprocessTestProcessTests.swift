import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// The test-support helper every test target starts processes with: if it misreports a status
/// or starts the wrong program, every test built on it misjudges.
@Suite("TestProcess", .tags(.spawnsProcesses))
struct SubprocessTestProcessTests {
    @Test func keepsOutputAndErrorsApartWithTheStatus() async throws {
        let run = try await TestProcess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(run.status == 3)
        #expect(run.output == "out\n")
        #expect(run.errors == "err\n")
    }

    @Test func mergesErrorsWhenAsked() async throws {
        let run = try await TestProcess.run("/bin/sh", ["-c", "echo out; echo err >&2"], standardError: .merged)
        #expect(run.output == "out\nerr\n")
        #expect(run.errors == "")
    }

    @Test func aSignalIsNoExitStatus() async throws {
        let run = try await TestProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(run.termination == .signaled(SIGTERM))
        #expect(run.status == -SIGTERM)
    }

    @Test func inheritsTheEnvironmentWithTheGivenVariablesOnTop() async throws {
        let run = try await TestProcess.run("/bin/sh", ["-c", "echo \"$ACTORLINGS_PROBE:$PATH\""], environment: ["ACTORLINGS_PROBE": "1"])
        #expect(run.output == "1:\(ProcessInfo.processInfo.environment["PATH"] ?? "")\n")
    }

    @Test func readsStandardInputFromBytes() async throws {
        let run = try await TestProcess.run("/bin/cat", standardInput: .bytes(Array("typed\n".utf8)))
        #expect(run.output == "typed\n")
    }

    @Test func gitCommitsWithTheThrowawayIdentity() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        #expect(try await TestProcess.git(["init", "-q"], in: folder).status == 0)
        #expect(try await TestProcess.git(["add", "-A"], in: folder).status == 0)
        #expect(try await TestProcess.git(["commit", "-qm", "first"], in: folder).status == 0)
        let log = try await TestProcess.git(["log", "--format=%an <%ae>"], in: folder)
        #expect(log.output == "Test <test@example.com>\n")
    }

    @Test func namesAToolThatIsNotOnThePath() async throws {
        let error = await #expect(throws: TestProcess.ToolNotFound.self) {
            try await TestProcess.tool("actorlings-no-such-tool", [])
        }
        #expect(error?.description.contains("actorlings-no-such-tool is not on PATH") == true)
    }

    @Test("A background start hands back the program's own pid, which a signal then ends")
    func startsInTheBackground() async throws {
        // Long enough that it can't end by itself first on a loaded machine (a CI run beside three
        // course checks once took over 30 s to get here).
        let sleeper = try await TestProcess.start("/bin/sleep", ["600"])
        let listed = try await TestProcess.run("/bin/ps", ["-o", "args=", "-p", "\(sleeper.processIdentifier)"])
        #expect(listed.output.trimmingCharacters(in: .whitespacesAndNewlines) == "/bin/sleep 600")
        #expect(sleeper.isRunning)
        sleeper.send(SIGTERM)
        // Only a bound for a signal that did not end it: a right run returns as soon as the
        // runner has reaped the child, which beside a whole CI run once took over 20 s.
        let ended = try await sleeper.wait(atMost: .seconds(180))
        #expect(ended?.termination == .signaled(SIGTERM))
        #expect(sleeper.terminationStatus == -SIGTERM)
    }

    @Test func aBackgroundStartOfAMissingProgramSaysSo() async throws {
        let error = await #expect(throws: TestProcess.StartFailure.self) {
            try await TestProcess.start("/nonexistent/actorlings-probe")
        }
        #expect(error?.description == "could not start /nonexistent/actorlings-probe: there is no executable file at that path")
    }

    @Test func aBackgroundStartInAMissingFolderThrowsTheLaunchError() async throws {
        await #expect(throws: SubprocessError.self) {
            try await TestProcess.start("/bin/sleep", ["30"], in: "/nonexistent/actorlings-folder")
        }
    }
}
