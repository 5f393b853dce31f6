import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings explain`: pasted diagnostics, or a whole package's build, explained from the
/// knowledge base in `Lessons/Explanations/`. It works outside the course too (on the learner's
/// own project), finding the knowledge base next to the `actorlings` binary.
struct ExplainCommand {
    let console: any Console
    let palette: Palette
    let environment: [String: String]
    let currentDirectory: String
    let root: String?

    func explain(_ text: String?) async -> ExitCode {
        guard let knowledge = loadKnowledge() else { return .toolFailure }
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
            console.write(renderer.render(explanation, for: result.diagnostic))
        }
        return unexplained == 0 ? .success : .failure
    }

    func build(_ path: String) async -> ExitCode {
        guard let knowledge = loadKnowledge() else { return .toolFailure }
        let package = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
            console.writeError(palette.apply(.boldRed, "error: ") + "\(path) has no Package.swift; give the folder of a Swift package\n")
            return .usage
        }
        guard let swift = ExecutableSearch.find("swift", environment: environment) else {
            console.writeError(palette.apply(.boldRed, "error: ") + "\(ToolchainError.notFound)\n")
            return .toolFailure
        }
        // A folder of our own for the scratch path and SwiftPM's temporary files (its lock files
        // go to TMPDIR): SwiftPM does not repeat warnings of files it does not recompile, so
        // reusing the package's .build would hide most of them, and nothing may be left behind.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-explain-\(UUID().uuidString)").path
        let scratch = base + "/build"
        var buildEnvironment = environment
        buildEnvironment["TMPDIR"] = base + "/tmp"
        // Resolving may rewrite the package's Package.resolved; the learner's file is put back.
        let resolved = package + "/Package.resolved"
        let resolvedBefore = FileManager.default.contents(atPath: resolved)
        defer {
            try? FileManager.default.removeItem(atPath: base)
            if let resolvedBefore {
                if FileManager.default.contents(atPath: resolved) != resolvedBefore { try? resolvedBefore.write(to: URL(fileURLWithPath: resolved)) }
            } else {
                try? FileManager.default.removeItem(atPath: resolved)
            }
        }
        console.write("Building \(path) (a clean build, so every diagnostic is seen)…\n")
        let result: ProcessResult
        do {
            try FileManager.default.createDirectory(atPath: base + "/tmp", withIntermediateDirectories: true)
            result = try await Subprocess.run(
                ProcessRequest(
                    executable: swift,
                    arguments: [
                        "build", "--package-path", package, "--scratch-path", scratch,
                        "-Xswiftc", "-diagnostic-style", "-Xswiftc", "llvm",
                        "-Xswiftc", "-Xfrontend", "-Xswiftc", "-debug-diagnostic-names",
                    ],
                    environment: buildEnvironment, timeLimit: .seconds(3600), outputLimit: 16 << 20))
        } catch is CancellationError {
            return .interrupted
        } catch {
            console.writeError(palette.apply(.boldRed, "error: ") + "\(error)\n")
            return .toolFailure
        }
        let succeeded = if case .exited(0) = result.termination { true } else { false }
        let diagnostics = DiagnosticParser.problems(in: result.output)
        let report = BuildExplanation(diagnostics: diagnostics, knowledge: knowledge, root: package, failed: !succeeded, output: result.output)
        console.write(report.render(palette: palette, width: min(console.width, 100), command: Session.learnerCommand))
        return succeeded ? .success : .failure
    }

    private func loadKnowledge() -> KnowledgeBase? {
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
