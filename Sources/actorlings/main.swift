import ActorlingsCLI
import ActorlingsCore
import ActorlingsRuntime
import ActorlingsSandbox
import Foundation

// The only place that exits: everything else returns an exit code.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == SandboxPolicy.launcherMode {
    // Launcher mode, where no actorlings-sandbox was built beside the tool: become the test
    // binary inside the sandbox; returns only on failure.
    exit(SandboxLauncher.run(arguments: arguments))
}
let code = await Actorlings.run(
    arguments: arguments,
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath,
    containOrphans: true,
    sandboxLauncher: Bundle.main.executablePath)
exit(code.rawValue)
