import ActorlingsCore

/// `actorlings help [COMMAND]` (and `--help`): the overview, or one command's usage.
struct HelpCommand: ActorlingsCommand {
    /// A name from `CommandTable`; nil: the overview.
    var topic: String?
    var needs: CommandNeeds { [] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: [])
        let topic = try words.optionalOne()
        if let topic, !CommandTable.names.contains(topic) { throw CommandTable.unknownCommand(topic) }
        return HelpCommand(topic: topic)
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let console = context.console
        console.writeWrapped(HelpText.text(for: topic, width: console.isInteractive ? console.width : 80))
        return .success
    }
}
