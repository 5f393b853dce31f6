/// Turns `[String]` into an `Invocation`, or a `UsageError` that says what was wrong.
public enum ArgumentParser {
    public static let commandNames = [
        "watch", "list", "check", "hint", "lesson", "reset", "solution", "explain", "grade", "class", "dev", "doctor", "update", "help",
    ]

    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
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
        if allDiagnostics {
            switch command {
            case .check, .watch, .start, .help: break
            default:
                throw UsageError("--all-diagnostics applies to verdicts: use it with `check` or watch mode", command: words.first)
            }
        }
        if replaySeed != nil {
            switch command {
            case .check(.exercise), .check(.current): break
            case .check(.all):
                throw UsageError("--replay runs one exercise's schedule again: give that exercise, not --all", command: words.first)
            default:
                throw UsageError("--replay applies to `check`: `check ID --replay SEED` runs the failing schedule again", command: words.first)
            }
        }
        var invocation = Invocation(command: command, color: color, root: root, allDiagnostics: allDiagnostics)
        invocation.replaySeed = replaySeed
        return invocation
    }

    private static func command(words: [String], flags: Set<String>) throws(UsageError) -> Command {
        if flags.contains("--version") && words.isEmpty { return .version }
        guard let name = words.first else {
            if flags.contains("--help") { return .help(nil) }
            try reject(flags, allowed: [], command: nil)
            return .start
        }
        if flags.contains("--help") {
            guard commandNames.contains(name) else { throw unknownCommand(name) }
            return .help(name)
        }
        let rest = Array(words.dropFirst())
        switch name {
        case "watch":
            try expectNoArguments(rest, flags: flags, command: name)
            return .watch
        case "list":
            try expectNoArguments(rest, flags: flags, command: name)
            return .list
        case "check":
            try reject(flags, allowed: ["--all"], command: name)
            if flags.contains("--all") {
                guard rest.isEmpty else { throw UsageError("give an exercise or --all, not both", command: name) }
                return .check(.all)
            }
            return .check(try optionalOne(rest, command: name).map(Command.CheckTarget.exercise) ?? .current)
        case "hint":
            try reject(flags, allowed: [], command: name)
            return .hint(try optionalOne(rest, command: name))
        case "lesson":
            try reject(flags, allowed: [], command: name)
            return .lesson(try optionalOne(rest, command: name))
        case "reset":
            try reject(flags, allowed: ["--yes", "--undo"], command: name)
            guard let id = try optionalOne(rest, command: name) else {
                throw UsageError("reset needs the exercise to restore, e.g. `actorlings reset intro`", command: name)
            }
            return flags.contains("--undo") ? .undoReset(id) : .reset(id, confirmed: flags.contains("--yes"))
        case "solution":
            try reject(flags, allowed: [], command: name)
            guard let id = try optionalOne(rest, command: name) else {
                throw UsageError("solution needs an exercise, e.g. `actorlings solution intro`", command: name)
            }
            return .solution(id)
        case "dev":
            try reject(flags, allowed: [], command: name)
            return try devCommand(rest)
        case "explain":
            try reject(flags, allowed: ["--build", "--survey"], command: name)
            if flags.contains("--build") {
                return .explainBuild(path: try optionalOne(rest, command: name) ?? ".", survey: flags.contains("--survey"))
            }
            if flags.contains("--survey") { throw UsageError("--survey goes with --build: `actorlings explain --build --survey PATH`", command: name) }
            return .explain(rest.isEmpty || rest == ["-"] ? nil : rest.joined(separator: " "))
        case "grade":
            try reject(flags, allowed: ["--no-sandbox"], command: name)
            var options = try gradeOptions(rest)
            options.noSandbox = flags.contains("--no-sandbox")
            return .grade(options)
        case "class":
            try reject(flags, allowed: rest.first == "grade" ? ["--no-sandbox"] : [], command: name)
            let command = try classCommand(rest)
            if case .classGrade(var options) = command {
                options.noSandbox = flags.contains("--no-sandbox")
                return .classGrade(options)
            }
            return command
        case "doctor":
            try reject(flags, allowed: ["--no-build"], command: name)
            var options = DoctorOptions(build: !flags.contains("--no-build"))
            var rest = rest[...]
            while let word = rest.first {
                guard word == "--min-free-mb", rest.count >= 2, let megabytes = Int(rest[rest.startIndex + 1]), megabytes >= 0 else {
                    throw UsageError("unexpected '\(word)'; `doctor` takes `--min-free-mb N` and `--no-build`", command: name)
                }
                options.minimumFreeMegabytes = megabytes
                rest = rest.dropFirst(2)
            }
            return .doctor(options)
        case "update":
            try reject(flags, allowed: ["--undo"], command: name)
            let source = try optionalOne(rest, command: name)
            if flags.contains("--undo"), source != nil {
                throw UsageError("`update --undo` takes no source: it restores what the last update changed", command: name)
            }
            return .update(source: source, undo: flags.contains("--undo"))
        case "help":
            try reject(flags, allowed: [], command: name)
            let topic = try optionalOne(rest, command: name)
            if let topic, !commandNames.contains(topic) { throw unknownCommand(topic) }
            return .help(topic)
        default:
            throw unknownCommand(name)
        }
    }

    private static func devCommand(_ words: [String]) throws(UsageError) -> Command {
        guard let sub = words.first else {
            throw UsageError("dev needs a subcommand: `dev check` or `dev generate`", command: "dev")
        }
        var rest = Array(words.dropFirst())
        switch sub {
        case "check":
            var only: [String] = []
            while let word = rest.first {
                if !word.hasPrefix("-") {
                    // `dev check ID`: the same as `--only ID`, as `check ID` reads.
                    only += word.split(separator: ",").map(String.init)
                    rest.removeFirst()
                    continue
                }
                guard word == "--only", rest.count >= 2 else {
                    throw UsageError("unexpected '\(word)'; `dev check` takes exercise ids, or `--only ID` (repeatable)", command: "dev")
                }
                only += rest[1].split(separator: ",").map(String.init)
                rest.removeFirst(2)
            }
            return .devCheck(only: only)
        case "mutants":
            if let option = rest.first(where: { $0.hasPrefix("-") }) {
                throw UsageError("unexpected '\(option)'; `dev mutants` takes exercise ids", command: "dev")
            }
            return .devMutants(only: rest.flatMap { $0.split(separator: ",").map(String.init) })
        case "generate":
            guard rest.isEmpty else { throw UsageError("`dev generate` takes no arguments", command: "dev") }
            return .devGenerate
        case "benchmark":
            var runs = 10
            var exercise: String?
            while let word = rest.first {
                if word == "--runs", rest.count >= 2 {
                    guard let count = Int(rest[1]), count >= 1 else {
                        throw UsageError("--runs takes a whole number of at least 1, not '\(rest[1])'", command: "dev")
                    }
                    runs = count
                    rest.removeFirst(2)
                } else if exercise == nil, !word.hasPrefix("-") {
                    exercise = word
                    rest.removeFirst()
                } else {
                    throw UsageError("unexpected '\(word)'; `dev benchmark` takes an exercise id and `--runs N`", command: "dev")
                }
            }
            return .devBenchmark(exercise: exercise, runs: runs)
        default:
            let suggestion = Suggestions.closest(to: sub, among: ["check", "mutants", "generate", "benchmark"]).first
            throw UsageError("unknown dev subcommand '\(sub)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""), command: "dev")
        }
    }

    private static func classCommand(_ words: [String]) throws(UsageError) -> Command {
        if words.first == "grade" { return try classGradeCommand(Array(words.dropFirst())) }
        var files: [String] = []
        var format = ClassSummaryFormat.text
        var output: String?
        var rest = words[...]
        while let word = rest.first {
            rest = rest.dropFirst()
            switch word {
            case "--format":
                guard let value = rest.first, let parsed = ClassSummaryFormat(rawValue: value) else {
                    throw UsageError("--format takes text, csv or html\(rest.first.map { ", not '\($0)'" } ?? "")", command: "class")
                }
                format = parsed
                rest = rest.dropFirst()
            case "--output", "-o":
                guard let value = rest.first else { throw UsageError("--output needs a file name", command: "class") }
                output = value
                rest = rest.dropFirst()
            default:
                files.append(word)
            }
        }
        guard !files.isEmpty else {
            throw UsageError("class needs the students' JSON reports, e.g. `actorlings class reports/*.json`", command: "class")
        }
        return .classSummary(files: files, format: format, output: output)
    }

    private static func classGradeCommand(_ words: [String]) throws(UsageError) -> Command {
        var options = ClassGradeOptions(submissions: [])
        var rest = words[...]
        while let word = rest.first {
            rest = rest.dropFirst()
            switch word {
            case "--output-dir", "--output", "-o":
                guard let value = rest.first else { throw UsageError("\(word) needs a folder", command: "class") }
                options.outputDirectory = value
                rest = rest.dropFirst()
            case "--jobs":
                guard let value = rest.first, let jobs = Int(value), jobs >= 1 else {
                    throw UsageError("--jobs takes a whole number of at least 1\(rest.first.map { ", not '\($0)'" } ?? "")", command: "class")
                }
                options.jobs = jobs
                rest = rest.dropFirst()
            case "--step":
                guard let value = rest.first else { throw UsageError("--step needs step numbers such as 1 or 1,2", command: "class") }
                for part in value.split(separator: ",") {
                    guard let step = Int(part), step >= 0 else {
                        throw UsageError("--step takes step numbers such as 1 or 1,2, not '\(value)'", command: "class")
                    }
                    options.steps.append(step)
                }
                rest = rest.dropFirst()
            case "--only":
                guard let value = rest.first else { throw UsageError("--only needs exercise ids such as intro,opting-out", command: "class") }
                options.only += value.split(separator: ",").map(String.init)
                rest = rest.dropFirst()
            case "--release":
                guard let value = rest.first, GradingRelease.isPlainRef(value) else {
                    throw UsageError("--release takes a tag of the course such as v2\(rest.first.map { ", not '\($0)'" } ?? "")", command: "class")
                }
                options.release = value
                rest = rest.dropFirst()
            default:
                options.submissions.append(word)
            }
        }
        guard !options.submissions.isEmpty else {
            throw UsageError(
                "class grade needs the students' submissions (folders, git repositories or bundles), e.g. `actorlings class grade submissions/*`",
                command: "class")
        }
        return .classGrade(options)
    }

    private static func gradeOptions(_ words: [String]) throws(UsageError) -> GradeOptions {
        var options = GradeOptions()
        var rest = words[...]
        while let option = rest.first {
            guard rest.count >= 2 else {
                throw UsageError("unexpected '\(option)'; see `actorlings grade --help`", command: "grade")
            }
            let value = rest[rest.startIndex + 1]
            rest = rest.dropFirst(2)
            switch option {
            case "--step":
                for part in value.split(separator: ",") {
                    guard let step = Int(part), step >= 0 else {
                        throw UsageError("--step takes step numbers such as 1 or 1,2, not '\(value)'", command: "grade")
                    }
                    options.steps.append(step)
                }
            case "--only":
                options.only += value.split(separator: ",").map(String.init)
            case "--format":
                guard let format = GradeReportFormat(rawValue: value) else {
                    throw UsageError("--format takes text, json, junit or github, not '\(value)'", command: "grade")
                }
                options.format = format
            case "--output", "-o":
                options.output = value
            case "--submission":
                options.submission = value
            case "--release":
                guard GradingRelease.isPlainRef(value) else {
                    throw UsageError("--release takes a tag of the course such as v2, not '\(value)'", command: "grade")
                }
                options.release = value
            case "--test-cache":
                options.testCache = value
            case "--jobs":
                guard let jobs = Int(value), jobs >= 1 else {
                    throw UsageError("--jobs takes a whole number of at least 1, not '\(value)'", command: "grade")
                }
                options.jobs = jobs
            case "--report":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let format = GradeReportFormat(rawValue: parts[0]), !parts[1].isEmpty else {
                    throw UsageError("--report takes FORMAT=FILE, e.g. junit=grade.xml, not '\(value)'", command: "grade")
                }
                options.extraReports.append((format, parts[1]))
            case "--min-score":
                guard let score = Double(value), (0...100).contains(score) else {
                    throw UsageError("--min-score takes a percentage from 0 to 100, not '\(value)'", command: "grade")
                }
                options.minimumScore = score
            default:
                throw UsageError("unexpected '\(option)'; see `actorlings grade --help`", command: "grade")
            }
        }
        if options.release != nil, options.submission == nil {
            throw UsageError("--release judges a submission against that release of this course: give --submission PATH too", command: "grade")
        }
        return options
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command '\(name)'"
        if let best = Suggestions.closest(to: name, among: commandNames).first {
            message += "; did you mean '\(best)'?"
        }
        return UsageError(message)
    }

    private static func reject(_ flags: Set<String>, allowed: Set<String>, command: String?) throws(UsageError) {
        if let extra = flags.subtracting(allowed).subtracting(["--help", "--version"]).sorted().first {
            throw UsageError("\(command.map { "'\($0)'" } ?? "actorlings") does not take \(extra)", command: command)
        }
    }

    private static func expectNoArguments(_ words: [String], flags: Set<String>, command: String) throws(UsageError) {
        try reject(flags, allowed: [], command: command)
        if let extra = words.first {
            throw UsageError("'\(command)' takes no arguments, but got '\(extra)'", command: command)
        }
    }

    private static func optionalOne(_ words: [String], command: String) throws(UsageError) -> String? {
        if words.count > 1 {
            throw UsageError("'\(command)' takes one argument, but got \(words.count): \(words.joined(separator: " "))", command: command)
        }
        return words.first
    }
}
