import ActorlingsCore

/// `actorlings dev SUBCOMMAND`: the course author's commands, by the word after `dev`.
enum DevCommands {
    static let entries: [CommandEntry] = [
        CommandEntry(name: "check", parse: DevCheckCommand.parse),
        CommandEntry(name: "mutants", parse: DevMutantsCommand.parse),
        CommandEntry(name: "generate", parse: DevGenerateCommand.parse),
        CommandEntry(name: "benchmark", parse: DevBenchmarkCommand.parse),
    ]

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: [])
        guard let sub = words.arguments.first else {
            throw UsageError("dev needs a subcommand: `dev check` or `dev generate`", command: "dev")
        }
        guard let entry = entries.first(where: { $0.name == sub }) else {
            let suggestion = Suggestions.closest(to: sub, among: entries.map(\.name)).first
            throw UsageError("unknown dev subcommand '\(sub)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), command: "dev")
        }
        return try entry.parse(CommandWords(name: "dev", arguments: Array(words.arguments.dropFirst()), flags: words.flags))
    }
}
