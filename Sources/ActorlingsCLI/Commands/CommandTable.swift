import ActorlingsCore

/// A command's words as the command line gave them: `check intro --all` is the name `check`,
/// the arguments `["intro"]` and the flags `["--all"]` (options with values stay in the
/// arguments, in order). Each command parses its own.
struct CommandWords: Sendable {
    /// The name the learner typed (`check`, `dev`).
    var name: String
    var arguments: [String]
    var flags: Set<String>

    /// Throws for a flag the command does not take.
    func reject(allowing allowed: Set<String>) throws(UsageError) {
        try Self.reject(flags, allowing: allowed, command: name)
    }

    static func reject(_ flags: Set<String>, allowing allowed: Set<String>, command: String?) throws(UsageError) {
        if let extra = flags.subtracting(allowed).subtracting(["--help", "--version"]).sorted().first {
            throw UsageError("\(command.map { "'\($0)'" } ?? "actorlings") does not take \(extra)", command: command)
        }
    }

    /// For a command that takes neither arguments nor flags.
    func expectNothing() throws(UsageError) {
        try reject(allowing: [])
        if let extra = arguments.first {
            throw UsageError("'\(name)' takes no arguments, but got '\(extra)'", command: name)
        }
    }

    /// The one argument, if given; more than one is a usage error.
    func optionalOne() throws(UsageError) -> String? {
        if arguments.count > 1 {
            throw UsageError("'\(name)' takes one argument, but got \(arguments.count): \(arguments.joined(separator: " "))", command: name)
        }
        return arguments.first
    }
}

/// One word of the command line and how to parse what follows it into a command.
struct CommandEntry: Sendable {
    let name: String
    let parse: @Sendable (CommandWords) throws(UsageError) -> any ActorlingsCommand
}

/// Every command the tool knows, by the word that names it: parsing dispatches through this
/// table, `help TOPIC` and `X --help` accept its names, and a mistyped name is compared with
/// them. A new command is a type of its own and one line here (and its help in `HelpText`).
enum CommandTable {
    static let entries: [CommandEntry] = [
        CommandEntry(name: "watch", parse: WatchCommand.parse),
        CommandEntry(name: "list", parse: ListCommand.parse),
        CommandEntry(name: "check", parse: CheckCommand.parse),
        CommandEntry(name: "hint", parse: HintCommand.parse),
        CommandEntry(name: "lesson", parse: LessonCommand.parse),
        CommandEntry(name: "reset", parse: ResetCommand.parse),
        CommandEntry(name: "solution", parse: SolutionCommand.parse),
        CommandEntry(name: "explain", parse: ExplainCommand.parse),
        CommandEntry(name: "grade", parse: GradeCommand.parse),
        CommandEntry(name: "class", parse: ClassCommands.parse),
        CommandEntry(name: "dev", parse: DevCommands.parse),
        CommandEntry(name: "doctor", parse: DoctorCommand.parse),
        CommandEntry(name: "update", parse: UpdateCommand.parse),
        CommandEntry(name: "help", parse: HelpCommand.parse),
    ]

    /// The names, in the order help lists them.
    static var names: [String] { entries.map(\.name) }

    /// The command named `words.name`, parsed, or a usage error that suggests the closest name.
    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        guard let entry = entries.first(where: { $0.name == words.name }) else { throw unknownCommand(words.name) }
        return try entry.parse(words)
    }

    static func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command '\(name)'"
        if let best = Suggestions.closest(to: name, among: names).first {
            message += "; did you mean '\(best)'?"
        }
        return UsageError(message)
    }
}
