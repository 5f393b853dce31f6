import ActorlingsCore

/// `actorlings class …`: the instructor's commands over a whole class — `class REPORT…`
/// (`ClassSummaryCommand`) and `class grade SUBMISSION…` (`ClassGradeCommand`).
enum ClassCommands {
    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: words.arguments.first == "grade" ? ["--no-sandbox"] : [])
        if words.arguments.first == "grade" {
            return try ClassGradeCommand.parse(CommandWords(name: words.name, arguments: Array(words.arguments.dropFirst()), flags: words.flags))
        }
        var files: [String] = []
        var format = ClassSummaryFormat.text
        var output: String?
        var rest = words.arguments[...]
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
        return ClassSummaryCommand(files: files, format: format, output: output)
    }
}
