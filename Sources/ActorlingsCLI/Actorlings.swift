import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// The whole tool as a function: arguments in, exit code out.
public enum Actorlings {
    public static let version = "0.1.0"

    public static func run(
        arguments: [String], environment: [String: String], currentDirectory: String,
        console: any Console = StandardConsole()
    ) async -> ExitCode {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            console.writeError("error: \(error.message)\n\n" + HelpText.text(for: error.command))
            return .usage
        }
        let palette = Palette(enabled: colorEnabled(invocation.color, environment: environment, console: console))
        switch invocation.command {
        case .help(let topic):
            console.write(HelpText.text(for: topic))
            return .success
        case .version:
            console.write("actorlings \(version)\n")
            return .success
        case .explain(let text):
            return await ExplainCommand(console: console, palette: palette, environment: environment, currentDirectory: currentDirectory, root: invocation.root)
                .explain(text)
        case .explainBuild(let path):
            return await ExplainCommand(console: console, palette: palette, environment: environment, currentDirectory: currentDirectory, root: invocation.root)
                .build(path)
        case .classSummary(let files, let format, let output):
            return ClassCommand(console: console, palette: palette, currentDirectory: currentDirectory)
                .run(files: files, format: format, output: output)
        default:
            break
        }
        do {
            let session = try Session.open(
                invocation: invocation, environment: environment, currentDirectory: currentDirectory,
                console: console, palette: palette)
            return try await session.run(invocation.command)
        } catch let error as UsageError {
            console.writeError(palette.apply(.boldRed, "error: ") + error.message + "\n")
            return .usage
        } catch is CancellationError {
            return .interrupted
        } catch {
            console.writeError(palette.apply(.boldRed, "error: ") + "\(error)\n")
            return .toolFailure
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
