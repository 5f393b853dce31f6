import Foundation
import Synchronization

/// Shows long text through the learner's pager (`$PAGER`, else `less -R`), on the terminal.
///
/// In an interactive shell with job control only the terminal's *foreground* process group may
/// read from it or change its settings; anyone else is stopped (SIGTTIN/SIGTTOU) and the screen
/// stays blank. So the pager gets a process group of its own and the terminal's foreground for
/// as long as it runs (`tcsetpgrp`), and the terminal comes back to this process afterwards,
/// however the pager ended. The terminal's Ctrl-C then reaches the pager alone: `less` is started
/// with `-K`, so Ctrl-C quits it like `q`, and any other pager gets SIGINT's default action.
///
/// The pager needs the real terminal, so it does not go through `Subprocess`, which captures
/// output and detaches its children from the terminal.
public enum Pager {
    /// The command used when `$PAGER` is unset or empty.
    public static let defaultCommand = "less -R -K"

    /// Returns false when no pager could be started or found (the caller then prints the text
    /// directly); true once one ran, however it ended (`less -K` exits 2 on Ctrl-C).
    ///
    /// Waiting happens on a thread of its own, never on the cooperative pool. Cancelling the
    /// calling task ends the pager (SIGTERM to its group) and gives the terminal back.
    ///
    /// With the default pager, long lines are cut with a mark rather than wrapped (`-S`): the
    /// text comes wrapped at word boundaries already, so only code is longer than the screen,
    /// and a wrapped line of code reads as two statements; ← and → scroll sideways to its end.
    ///
    /// - Parameter terminal: the descriptor of the terminal the pager draws on.
    /// - Parameter staysOpen: keep `less` open on a text shorter than the screen (`-+F` undoes the
    ///   `F` of `LESS=FRX`), for a caller that redraws the screen as soon as the pager ends.
    /// - Parameter firstFailureLine: the 1-based line that `f` jumps to in the default pager
    ///   (the first failure of a verdict); nil leaves `f` as less's page forward.
    public static func show(
        _ text: String, environment: [String: String], staysOpen: Bool = false, firstFailureLine: Int? = nil, terminal: Int32 = 0
    ) async -> Bool {
        let chosen = environment["PAGER"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultCommand
        var command = chosen
        var pagerEnvironment = environment
        pagerEnvironment["LESS"] = pagerEnvironment["LESS"] ?? "FRX"
        var keyFile: URL?
        if chosen == defaultCommand {
            if staysOpen { command += " -+F" }
            let lines = text.reduce(into: 1) { count, character in if character == "\n" { count += 1 } }
            let width = Terminal.size()?.columns ?? 80
            command += " -S -P" + shellQuoted(prompt(jumps: firstFailureLine != nil, width: width, lines: lines))
            if let line = firstFailureLine, let file = writeKeyFile(jumpingTo: line) {
                keyFile = file
                // An environment variable rather than `--lesskey-src`: a less too old to know it
                // ignores the variable, where it would refuse the option and show nothing.
                pagerEnvironment["LESSKEYIN"] = file.path
            }
        }
        defer { keyFile.map { try? FileManager.default.removeItem(at: $0) } }
        let finalCommand = command
        let finalEnvironment = pagerEnvironment
        let running = RunningPager()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(
                        returning: showBlocking(text, command: finalCommand, environment: finalEnvironment, terminal: terminal, running: running))
                }
            }
        } onCancel: {
            running.end()
        }
    }

    /// The default pager's prompt: where the reader is, and the keys. ASCII only: less garbles
    /// other characters in its prompt; and none of `?:.%\`, which its prompt language treats
    /// specially.
    ///
    /// The longest wording that fits in `width` columns with the line numbers of a text of
    /// `lines` lines: less keeps only the end of a prompt wider than the screen, which reads as
    /// garbage ("s 1-19  space/b page…"). On a screen too narrow for any, the shortest.
    static func prompt(jumps: Bool, width: Int, lines: Int) -> String {
        let jump = jumps ? "  f first failure" : ""
        let wordings = [
            ("lines %lt-%lb?L/%L.", "lines ", "  space/b page  arrows sideways" + jump + "  q back"),
            ("lines %lt-%lb?L/%L.", "lines ", "  space/b page" + jump + "  q back"),
            ("%lt-%lb?L/%L.", "", (jumps ? "  f failure" : "") + "  q back"),
            ("%lt-%lb", "", "  q back"),
        ]
        // The position at its widest: "lines 1000-1023/1023". Less needs the last column free.
        let digits = String(max(lines, 1)).count
        for (position, label, keys) in wordings {
            let widest = label.count + digits * (position.contains("%L") ? 3 : 2) + (position.contains("%L") ? 2 : 1) + keys.count
            if widest <= width - 2 { return position + keys }
        }
        return "%lt-%lb  q back"
    }

    /// A lesskey source file that binds `f` to the line of the first failure; nil when it cannot
    /// be written (then `f` keeps its meaning).
    private static func writeKeyFile(jumpingTo line: Int) -> URL? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-keys-\(UUID().uuidString)")
        do {
            try "#command\nf noaction \(max(line, 1))g\n".write(to: file, atomically: true, encoding: .utf8)
            return file
        } catch {
            return nil
        }
    }

    /// `text` as one word for `/bin/sh`.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    private static func showBlocking(
        _ text: String, command: String, environment: [String: String], terminal: Int32, running: RunningPager
    ) -> Bool {
        // Only the foreground group may hand the terminal on; anywhere else (no terminal, a
        // background job) the pager stays in our group, as any child would.
        let handOver = isatty(terminal) == 1 && tcgetpgrp(terminal) == getpgrp()
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        do {
            pid = try spawn(command, environment: environment, input: ends[0], ownGroup: handOver)
        } catch {
            close(ends[0])
            close(ends[1])
            return false
        }
        close(ends[0])
        if handOver {
            TerminalOwnership.give(terminal, to: pid)
            // The pager may have touched the terminal before it was its own, and been stopped.
            _ = kill(-pid, SIGCONT)
        }
        running.started(pid, group: handOver)
        let input = ends[1]
        // A pager reads lazily: a long text is written while it runs, and left unwritten when the
        // learner quits early. That write fails with EPIPE and raises SIGPIPE at this thread,
        // which keeps it blocked to the end: a pending thread signal dies with its thread.
        let writer = Thread {
            TerminalOwnership.blockOnThisThread(SIGPIPE)
            _ = Terminal.write(text, to: input)
            close(input)
        }
        writer.start()
        let status = wait(for: pid, running: running)
        if handOver { TerminalOwnership.takeBack(terminal) }
        // 126 and 127: the shell could not find or run the command.
        return status != 126 && status != 127
    }

    /// Reaps the pager; returns its exit status, or nil when a signal ended it.
    ///
    /// A pager that stops (Ctrl-Z reaches its group alone; the learner's shell knows only ours, so
    /// nothing would ever continue it) is ended instead of left holding the terminal.
    private static func wait(for pid: pid_t, running: RunningPager) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WUNTRACED)
            if result == -1 {
                if errno == EINTR { continue }
                return nil
            }
            let signal = status & 0x7f
            if signal == 0x7f {
                running.end()
                continue
            }
            running.finished()
            return signal == 0 ? (status >> 8) & 0xff : nil
        }
    }

    private static func spawn(_ command: String, environment: [String: String], input: Int32, ownGroup: Bool) throws(SystemCallError) -> pid_t {
        var actions = SpawnPlatform.emptyFileActions()
        try Subprocess.check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init")
        defer { posix_spawn_file_actions_destroy(&actions) }
        try Subprocess.check(posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO), "adddup2")

        var attributes = SpawnPlatform.emptyAttributes()
        try Subprocess.check(posix_spawnattr_init(&attributes), "posix_spawnattr_init")
        defer { posix_spawnattr_destroy(&attributes) }
        try Subprocess.resetSignals(&attributes)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        if ownGroup {
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            try Subprocess.check(posix_spawnattr_setpgroup(&attributes, 0), "posix_spawnattr_setpgroup")
        }
        try Subprocess.check(posix_spawnattr_setflags(&attributes, Int16(flags)), "posix_spawnattr_setflags")

        var pid: pid_t = 0
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let result = Subprocess.withCStringArray(["/bin/sh", "-c", "exec " + command]) { argv in
            Subprocess.withCStringArray(variables) { envp in
                posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
            }
        }
        try Subprocess.check(result, "posix_spawn")
        return pid
    }
}

/// The pager while it runs, so that cancellation (SIGTERM to the tool) can end it.
private final class RunningPager: Sendable {
    private enum State {
        case starting(endRequested: Bool)
        case running(pid: pid_t, group: Bool)
        case finished
    }

    private let state = Mutex(State.starting(endRequested: false))

    func started(_ pid: pid_t, group: Bool) {
        let end = state.withLock { state in
            if case .starting(let requested) = state {
                state = .running(pid: pid, group: group)
                return requested
            }
            return false
        }
        if end { self.end() }
    }

    func finished() {
        state.withLock { $0 = .finished }
    }

    /// Ends the pager: SIGTERM, and SIGCONT in case it is stopped (a stopped process keeps
    /// SIGTERM pending until continued).
    func end() {
        state.withLock { state in
            switch state {
            case .starting:
                state = .starting(endRequested: true)
            case .running(let pid, let group):
                let target = group ? -pid : pid
                _ = kill(target, SIGTERM)
                _ = kill(target, SIGCONT)
            case .finished:
                break
            }
        }
    }
}
