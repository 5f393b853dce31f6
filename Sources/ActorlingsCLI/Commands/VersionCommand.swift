/// `actorlings --version`.
struct VersionCommand: ActorlingsCommand {
    var needs: CommandNeeds { [] }

    func run(in context: CommandContext) async throws -> ExitCode {
        context.console.write("actorlings \(Actorlings.version)\n")
        return .success
    }
}
