import ActorlingsCore

/// Turns `[String]` into an `Invocation`, or a `UsageError` that says what was wrong: the
/// options every command shares are read here, the command's own words by the command
/// (`CommandTable`).
enum ArgumentParser {
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var color = ColorChoice.auto
        var root: String?
        var allDiagnostics = false
        var replaySeed: UInt64?
        var words: [String] = []
        var flags: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            func value(for option: String) throws(UsageError) -> String {
                if let equals = argument.firstIndex(of: "="), argument.hasPrefix(option + "=") {
                    return String(argument[argument.index(after: equals)...])
                }
                guard index < arguments.count else { throw UsageError("\(option) needs a value") }
                index += 1
                return arguments[index - 1]
            }
            switch argument {
            case _ where argument == "--color" || argument.hasPrefix("--color="):
                let text = try value(for: "--color")
                guard let choice = ColorChoice(rawValue: text) else {
                    throw UsageError("--color takes auto, always or never, not '\(text)'")
                }
                color = choice
            case _ where argument == "--root" || argument.hasPrefix("--root="):
                root = try value(for: "--root")
            case "--all-diagnostics":
                allDiagnostics = true
            case _ where argument == "--replay" || argument.hasPrefix("--replay="):
                let text = try value(for: "--replay")
                guard let seed = UInt64(text) else {
                    throw UsageError("--replay takes the seed a failing verdict printed, such as 8121, not '\(text)'", command: words.first)
                }
                replaySeed = seed
            case "-h", "--help":
                flags.insert("--help")
            case "--version", "-V":
                flags.insert("--version")
            case "--all", "--yes", "-y", "--build", "--no-build", "--undo", "--no-sandbox", "--survey":
                flags.insert(argument == "-y" ? "--yes" : argument)
            case "--only", "--runs", "--step", "--format", "--output", "-o", "--min-score", "--report", "--submission", "--jobs",
                "--test-cache", "--output-dir", "--min-free-mb", "--release":
                words.append(argument)
                words.append(try value(for: argument))
            case "--":
                words += arguments[index...]
                index = arguments.count
            default:
                if argument.hasPrefix("-"), argument.count > 1 {
                    throw UsageError("unknown option '\(argument)'", command: words.first)
                }
                words.append(argument)
            }
        }
        let command = try command(words: words, flags: flags)
        if allDiagnostics, !command.needs.contains(.explanations), !(command is HelpCommand) {
            throw UsageError("--all-diagnostics applies to verdicts: use it with `check` or watch mode", command: words.first)
        }
        if replaySeed != nil {
            guard let check = command as? CheckCommand else {
                throw UsageError("--replay applies to `check`: `check ID --replay SEED` runs the failing schedule again", command: words.first)
            }
            if check.target == .all {
                throw UsageError("--replay runs one exercise's schedule again: give that exercise, not --all", command: words.first)
            }
        }
        var invocation = Invocation(command: command, color: color, root: root, allDiagnostics: allDiagnostics)
        invocation.replaySeed = replaySeed
        return invocation
    }

    private static func command(words: [String], flags: Set<String>) throws(UsageError) -> any ActorlingsCommand {
        if flags.contains("--version") && words.isEmpty { return VersionCommand() }
        guard let name = words.first else {
            if flags.contains("--help") { return HelpCommand(topic: nil) }
            try CommandWords.reject(flags, allowing: [], command: nil)
            return StartCommand()
        }
        if flags.contains("--help") {
            guard CommandTable.names.contains(name) else { throw CommandTable.unknownCommand(name) }
            return HelpCommand(topic: name)
        }
        return try CommandTable.parse(CommandWords(name: name, arguments: Array(words.dropFirst()), flags: flags))
    }
}
