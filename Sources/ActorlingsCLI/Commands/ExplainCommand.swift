import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings explain`: pasted diagnostics, or a whole package's build, explained from the
/// knowledge base in `Lessons/Explanations/`. It works outside the course too (on the learner's
/// own project), finding the knowledge base next to the `actorlings` binary.
struct ExplainCommand: ActorlingsCommand {
    /// The pasted diagnostics; nil: read them from standard input.
    var text: String?
    var needs: CommandNeeds { [] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: ["--build", "--survey"])
        if words.flags.contains("--build") {
            return ExplainBuildCommand(path: try words.optionalOne() ?? ".", survey: words.flags.contains("--survey"))
        }
        if words.flags.contains("--survey") {
            throw UsageError("--survey goes with --build: `actorlings explain --build --survey PATH`", command: words.name)
        }
        let rest = words.arguments
        return ExplainCommand(text: rest.isEmpty || rest == ["-"] ? nil : rest.joined(separator: " "))
    }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (console, palette, currentDirectory) = (context.console, context.palette, context.currentDirectory)
        guard let knowledge = Self.loadKnowledge(context) else { return .toolFailure }
        var input = text
        if input == nil {
            guard !console.inputIsTerminal else {
                console.writeError(
                    "error: paste a diagnostic, e.g. `\(Session.learnerCommand) explain \"error: sending 'x' risks causing data races\"`, or pipe a build log into `\(Session.learnerCommand) explain`\n"
                )
                return .usage
            }
            input = await console.readToEnd()
        }
        let results = knowledge.explanations(forText: input ?? "")
        var renderer = ExplanationRenderer(palette: palette, width: min(console.width, 100))
        renderer.command = Session.learnerCommand
        var unexplained = 0
        var shown = Set<String>()
        for (index, result) in results.enumerated() {
            if index > 0 { console.write("\n" + palette.apply(.dim, String(repeating: "─", count: 40)) + "\n\n") }
            guard let explanation = result.explanation else {
                unexplained += 1
                console.write(renderer.renderUnexplained(result.diagnostic, knowledge.unexplained(result.diagnostic)))
                continue
            }
            if shown.contains(explanation.file) {
                console.write(
                    palette.apply(.bold, result.diagnostic.displayMessage) + "\n  " + palette.apply(.dim, "Same as above: \(explanation.title).") + "\n")
                continue
            }
            shown.insert(explanation.file)
            // A pasted line with a place: the code there chooses the premise and fixes.
            let context = result.diagnostic.file.flatMap { file in
                FileManager.default.contents(atPath: file.hasPrefix("/") ? file : currentDirectory + "/" + file).map {
                    CodeContext.read(result.diagnostic, source: String(decoding: $0, as: UTF8.self))
                }
            }
            console.write(renderer.render(explanation, for: result.diagnostic, context: context))
        }
        return unexplained == 0 ? .success : .failure
    }

    /// The knowledge base of the checkout the command runs in (or `--root`), else of the one
    /// the `actorlings` executable was built in.
    static func loadKnowledge(_ context: CommandContext) -> KnowledgeBase? {
        let (console, palette, currentDirectory, root) = (context.console, context.palette, context.currentDirectory, context.root)
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent().path
        let start = root.map { $0.hasPrefix("/") ? $0 : currentDirectory + "/" + $0 } ?? currentDirectory
        guard let courseRoot = RepositoryRoot.find(from: start) ?? RepositoryRoot.find(from: executable) else {
            console.writeError(
                palette.apply(.boldRed, "error: ")
                    + "the knowledge base (\(KnowledgeBase.directory)) was not found; run actorlings from its checkout, or pass --root PATH\n")
            return nil
        }
        do {
            return try ExplanationLoader(files: LocalCourseFiles(root: courseRoot)).load()
        } catch {
            console.writeError(palette.apply(.boldRed, "error: ") + "\(error)\n")
            return nil
        }
    }
}
