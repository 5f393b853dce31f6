import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// The whole tool as a function: arguments in, exit code out.
public enum Actorlings {
    public static let version = "0.1.0"

    /// Runs one command line to its exit code.
    ///
    /// - Parameter containOrphans: make this process adopt (and so kill) whatever a test run's
    ///   descendants leave behind; only the tool's own process should, never a host that runs
    ///   commands in-process (its other children would count as orphans).
    /// - Parameter sandboxLauncher: an `actorlings` executable, which runs test binaries in the
    ///   operating system's sandbox (its launcher mode); `nil` runs them without it. The tool
    ///   passes its own executable; a host that runs commands in-process passes a built tool.
    public static func run(
        arguments: [String], environment: [String: String], currentDirectory: String,
        console: any Console = StandardConsole(), containOrphans: Bool = false, sandboxLauncher: String? = nil
    ) async -> ExitCode {
        if containOrphans { ProcessTree.containOrphans() }
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            console.writeError("error: \(quoted(error.message))\n\n" + HelpText.text(for: error.command))
            return .usage
        }
        let palette = Palette(enabled: colorEnabled(invocation.color, environment: environment, console: console))
        if let root = invocation.root {
            // Checked before any command, `explain` included: a mistyped root is never walked up from.
            var isDirectory: ObjCBool = false
            let path = root.hasPrefix("/") ? root : currentDirectory + "/" + root
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                console.writeError(palette.apply(.boldRed, "error: ") + "--root \(root): there is no such folder\n")
                return .usage
            }
        }
        let context = CommandContext(
            console: console, palette: palette, environment: environment, currentDirectory: currentDirectory, root: invocation.root,
            allDiagnostics: invocation.allDiagnostics, replaySeed: invocation.replaySeed, sandboxLauncher: sandboxLauncher)
        let command = invocation.command
        do {
            if command.needs.contains(.interruptible) {
                // A signal kills the process trees the command started (and their scratch folders go).
                return try await interruptible { try await command.run(in: context) }
            }
            return try await command.run(in: context)
        } catch let error as UsageError {
            console.writeError(palette.apply(.boldRed, "error: ") + quoted(error.message) + "\n")
            return .usage
        } catch is CancellationError {
            return .interrupted
        } catch {
            console.writeError(palette.apply(.boldRed, "error: ") + quoted(FileErrorMessage.message(for: error) ?? "\(error)") + "\n")
            return .toolFailure
        }
    }

    /// A message with its commands quoted the way this learner runs the tool.
    static func quoted(_ message: String) -> String {
        CommandQuoting.adapt(message, command: Session.learnerCommand)
    }

    /// Runs `work` until it finishes or the process gets SIGINT, SIGTERM or SIGHUP. On a signal
    /// the work is cancelled — which kills any running compiler or test process tree, since
    /// those live in sessions of their own that a terminal's Ctrl-C never reaches — and the
    /// exit code is 130.
    static func interruptible(_ work: @escaping @Sendable () async throws -> ExitCode) async throws -> ExitCode {
        let signals = SignalWatcher.signals([SIGINT, SIGTERM, SIGHUP])
        return try await withThrowingTaskGroup(of: ExitCode?.self) { group in
            group.addTask { try await work() }
            group.addTask {
                for await _ in signals { return .interrupted }
                return nil
            }
            while let result = try await group.next() {
                if let code = result {
                    group.cancelAll()
                    return code
                }
            }
            return .interrupted
        }
    }

    /// `--color` wins; otherwise colour only on a terminal, never with `NO_COLOR` or `TERM=dumb`.
    static func colorEnabled(_ choice: ColorChoice, environment: [String: String], console: any Console) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return console.isInteractive
        }
    }
}
