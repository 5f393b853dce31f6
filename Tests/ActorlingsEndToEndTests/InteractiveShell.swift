import ActorlingsTestSupport
import Foundation
import Synchronization
import Testing

/// Whether util-linux `script` is here: the tests run it with its own flags (`-qfec`) to give a
/// program a pseudo-terminal. macOS has a BSD `script` at the same path that takes other
/// arguments, so there these tests are skipped rather than run wrongly.
let pseudoTerminalAvailable: Bool = {
    #if os(Linux)
        FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
    #else
        false
    #endif
}()

/// Whether util-linux `script` (a pseudo-terminal) and bash are here.
let interactiveShellAvailable = pseudoTerminalAvailable && FileManager.default.isExecutableFile(atPath: "/bin/bash")

/// An interactive bash with job control in a pseudo-terminal, as a learner's terminal runs it.
///
/// `bash -i` on a terminal puts each command line in a process group of its own and gives it the
/// terminal's foreground, so a program that is not in that group is stopped when it touches the
/// terminal — which a plain `sh -c` parent never shows. Keys are written to the terminal's input;
/// everything the terminal shows is collected in `screen`.
final class InteractiveShell: Sendable {
    let process: Process
    let screen = WatchModeTests.Screen()
    private let input: FileHandle
    private let rcFile: String

    /// The shell's prompt, whoever runs the tests.
    static let prompt = "$ "

    /// Starts bash in `directory` with a terminal of `rows` × `columns` and `PATH` leading to the
    /// built `actorlings`.
    init(in directory: String, rows: Int = 12, columns: Int = 80, environment extra: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        // Bash run by root ignores a PS1 from the environment, so the prompt comes from an rc file
        // of our own: the same prompt for every user.
        let rcFile = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-shell-\(UUID().uuidString).rc").path
        try "PS1='\(Self.prompt)'\n".write(toFile: rcFile, atomically: true, encoding: .utf8)
        self.rcFile = rcFile
        process.arguments = ["-qfec", "/bin/bash --rcfile '\(rcFile)' --noprofile -i", "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment["LANG"] = "C.UTF-8"
        environment["PATH"] = URL(fileURLWithPath: TestPaths.binary).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for name in ["PAGER", "LESS", "COLUMNS", "LINES", "NO_COLOR"] { environment[name] = nil }
        environment.merge(extra) { $1 }
        process.environment = environment
        let inputPipe = Pipe()
        let output = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = output
        process.standardError = output
        input = inputPipe.fileHandleForWriting
        let screen = screen
        output.fileHandleForReading.readabilityHandler = { handle in screen.append(handle.availableData) }
        try process.run()
        try type("stty rows \(rows) cols \(columns)\n")
    }

    /// Types `text` on the terminal (control characters included: "\u{3}" is Ctrl-C).
    func type(_ text: String) throws {
        try input.write(contentsOf: Data(text.utf8))
    }

    /// Runs a command line and waits for the shell to report its exit status; returns it.
    @discardableResult
    func run(_ commandLine: String, after offset: Int = 0) async throws -> (status: Int, end: Int) {
        let marker = "EXIT-\(UUID().uuidString.prefix(8))="
        try type(commandLine + "; echo \(marker)$?\n")
        return try await status(marker: marker, after: offset)
    }

    /// The exit status the shell printed after `marker`.
    func status(marker: String, after offset: Int) async throws -> (status: Int, end: Int) {
        // The typed line echoes the marker too; the printed one is followed by digits.
        var end = offset
        while true {
            end = try await screen.wait(for: marker, after: end, seconds: 60)
            let rest = screen.contents.dropFirst(end).prefix { $0.isNumber }
            if let status = Int(rest) { return (status, end + rest.count) }
        }
    }

    /// Resizes the terminal as a terminal window does: its size changes under the programs in it,
    /// and the kernel sends SIGWINCH to the group in the foreground.
    func resize(rows: Int, columns: Int) async throws {
        let terminal = try self.terminal()
        try await onOwnThread {
            let stty = Process()
            stty.executableURL = URL(fileURLWithPath: "/bin/stty")
            stty.arguments = ["-F", terminal, "cols", "\(columns)", "rows", "\(rows)"]
            try stty.run()
            stty.waitUntilExit()
            if stty.terminationStatus != 0 { throw ShellError(description: "stty -F \(terminal) failed") }
        }
    }

    /// The device of the shell's pseudo-terminal: bash's standard input (bash is `script`'s child).
    private func terminal() throws -> String {
        let parent = process.processIdentifier
        let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
        for entry in entries {
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // After the name: state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, fields[1] == "\(parent)" {
                return try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/fd/0")
            }
        }
        throw ShellError(description: "the shell of `script` (process \(parent)) has no terminal to find")
    }

    /// Waits until the terminal has shown nothing new for a quarter of a second (at most five
    /// seconds): the rest of a screen drawn in several writes has then arrived.
    func settle() async throws {
        let clock = ContinuousClock()
        let end = clock.now + .seconds(5)
        var seen = screen.contents.count
        var quietSince = clock.now
        while clock.now < end {
            try await Task.sleep(for: .milliseconds(50))
            let now = screen.contents.count
            if now != seen {
                seen = now
                quietSince = clock.now
            } else if clock.now - quietSince >= .milliseconds(250) {
                return
            }
        }
    }

    /// Ends the shell and `script`.
    func close() {
        try? type("exit\n")
        try? input.close()
        let clock = ContinuousClock()
        let start = clock.now
        while process.isRunning, clock.now - start < .seconds(5) { usleep(20_000) }
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(atPath: rcFile)
    }
}

/// Why a terminal could not be found or resized.
struct ShellError: Error, CustomStringConvertible {
    var description: String
}
