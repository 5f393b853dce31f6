import ActorlingsCLI
import Foundation

// The only place that exits: everything else returns an exit code.
let code = await Actorlings.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: FileManager.default.currentDirectoryPath,
    containOrphans: true)
exit(code.rawValue)
