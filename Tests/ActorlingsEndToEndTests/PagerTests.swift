import ActorlingsTestSupport
import Foundation
import Testing

@testable import ActorlingsRuntime

/// `actorlings lesson` through `less`, in a pseudo-terminal under an interactive bash with job
/// control — where a pager outside the terminal's foreground group is stopped (SIGTTOU/SIGTTIN)
/// and the screen stays blank.
@Suite("The pager under a job-control shell", .enabled(if: interactiveShellAvailable, "needs util-linux `script` and bash"))
struct PagerTests {
    enum Ending: String, CaseIterable, Sendable {
        case quit, controlC, controlZ, terminate
    }

    @Test("The lesson shows, and q, Ctrl-C, Ctrl-Z or SIGTERM to actorlings give the terminal back", arguments: Ending.allCases)
    func pagerOwnsTheTerminalUntilItEnds(_ ending: Ending) async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let shell = try InteractiveShell(in: course, rows: 10)
        defer { shell.close() }
        let marker = "EXIT-\(ending.rawValue)="
        try shell.type("actorlings lesson 0; echo \(marker)$?\n")
        _ = try await shell.screen.wait(for: "Swift adds integers")
        let pager = try #require(await processes(named: "less", in: course).first, "less is not running")
        #expect(pager.state != "T", "less was stopped by the terminal")
        #expect(pager.foreground, "less does not own the terminal's foreground")
        switch ending {
        case .quit: try shell.type("q")
        case .controlC: try shell.type("\u{3}")
        case .controlZ: try shell.type("\u{1A}")
        case .terminate:
            let tool = try #require(await processes(named: "actorlings", in: course).first)
            kill(tool.pid, SIGTERM)
        }
        let (status, end) = try await shell.status(marker: marker, after: 0)
        #expect(status == (ending == .terminate ? 130 : 0))
        // The shell has the terminal again: it runs the next command.
        let next = try await shell.run("echo back-in-the-shell", after: end)
        #expect(next.status == 0)
        #expect(await processes(named: "less", in: course).isEmpty)
    }

    @Test("A pager that cannot be found is replaced by printing the lesson")
    func missingPager() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let shell = try InteractiveShell(in: course, rows: 10, environment: ["PAGER": "no-such-pager-here", "NO_COLOR": "1"])
        defer { shell.close() }
        let result = try await shell.run("actorlings lesson 0")
        #expect(result.status == 0)
        #expect(shell.screen.contents.contains("`passing`, `compile-error`"))
    }
}

/// A process seen in `/proc`: its state letter and whether its group owns its terminal.
struct SeenProcess {
    var pid: pid_t
    var state: String
    var foreground: Bool
}

/// The processes called `name` whose working directory is `directory`, polled for up to five
/// seconds until there is one.
func processes(named name: String, in directory: String) async -> [SeenProcess] {
    let clock = ContinuousClock()
    let end = clock.now + .seconds(5)
    var found: [SeenProcess] = []
    repeat {
        found = scanProcesses(named: name, in: directory)
        if !found.isEmpty { return found }
        try? await Task.sleep(for: .milliseconds(100))
    } while clock.now < end
    return found
}

private func scanProcesses(named name: String, in directory: String) -> [SeenProcess] {
    let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    return entries.compactMap { entry -> SeenProcess? in
        guard let pid = pid_t(entry),
            let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/cwd"), cwd == resolved || cwd == directory,
            let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
            stat[stat.index(after: open)..<close] == name.prefix(15)
        else { return nil }
        // After the name: state, ppid, pgrp, session, tty_nr, tpgid.
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 5 else { return nil }
        return SeenProcess(pid: pid, state: String(fields[0]), foreground: fields[2] == fields[5])
    }
}

@Suite("Watch mode under a job-control shell", .enabled(if: interactiveShellAvailable, "needs util-linux `script` and bash"))
struct WatchModeJobControlTests {
    @Test("s shows the lesson in the pager and q comes back; a resize redraws; n twice skips; q returns to the shell")
    func session() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        let shell = try InteractiveShell(in: course, rows: 16, columns: 80)
        defer { shell.close() }
        try shell.type("actorlings watch; echo EXIT-watch=$?\n")
        var mark = try await shell.screen.wait(for: "passing passed", seconds: 180)
        mark = try await shell.screen.wait(for: "q quit", after: mark)

        try shell.type("s")
        mark = try await shell.screen.wait(for: "Swift adds integers", after: mark)
        let pager = try #require(await processes(named: "less", in: course).first, "less is not running")
        #expect(pager.state != "T" && pager.foreground)
        try shell.type("q")
        mark = try await shell.screen.wait(for: "q quit", after: mark)

        // The terminal shrinks: the kernel sends SIGWINCH to its foreground group.
        let tool = try #require(await processes(named: "actorlings", in: course).first)
        let terminal = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(tool.pid)/fd/0")
        let clears = shell.screen.contents.components(separatedBy: "\u{1B}[2J").count
        try await onOwnThread {
            let stty = Process()
            stty.executableURL = URL(fileURLWithPath: "/bin/stty")
            stty.arguments = ["-F", terminal, "cols", "40", "rows", "20"]
            try stty.run()
            stty.waitUntilExit()
        }
        mark = try await shell.screen.wait(for: "q quit", after: mark)
        #expect(shell.screen.contents.components(separatedBy: "\u{1B}[2J").count > clears, "the resize redrew the screen")

        try shell.type("n")
        mark = try await shell.screen.wait(for: "compile-error does not compile yet", after: mark)
        try shell.type("n")
        mark = try await shell.screen.wait(for: "has not passed yet.", after: mark)
        try shell.type("n")
        mark = try await shell.screen.wait(for: "failing-test", after: mark)
        try shell.type("q")
        let (status, _) = try await shell.status(marker: "EXIT-watch=", after: mark)
        #expect(status == 0)
        let progress = try String(contentsOfFile: course + "/.actorlings/progress.json", encoding: .utf8)
        #expect(progress.contains("\"status\" : \"skipped\""))
    }
}

@Suite("The pager's prompt")
struct PagerPromptTests {
    /// The prompt as less shows it for a text of `lines` lines, read at its end.
    private func shown(_ prompt: String, lines: Int) -> String {
        prompt.replacing("%lt-%lb?L/%L.", with: "\(lines)-\(lines)/\(lines)").replacing("%lt-%lb", with: "\(lines)-\(lines)")
    }

    @Test(
        "The prompt fits the screen, dropping keys rather than be cut at its start",
        arguments: [(110, 45, true), (80, 45, true), (64, 45, true), (64, 45, false), (40, 1234, true), (30, 9, true), (12, 9, false)])
    func fits(_ width: Int, _ lines: Int, _ jumps: Bool) {
        let prompt = Pager.prompt(jumps: jumps, width: width, lines: lines)
        let text = shown(prompt, lines: lines)
        #expect(text.count <= max(width - 2, "\(lines)-\(lines)  q back".count), "\(text)")
        #expect(text.hasSuffix("q back"))
        // Where there is room, every key: 80 columns have it, with the jump to the first failure.
        if width >= 80 { #expect(prompt.contains("arrows sideways") && prompt.contains("f first failure") == jumps) }
        if width >= 40 { #expect(prompt.contains("f ") == jumps) }
    }
}
