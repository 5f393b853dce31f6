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

    func build(_ path: String, survey: Bool = false) async -> ExitCode {
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
        // A build folder of our own inside the package's .build, kept between runs so a second
        // run rebuilds no dependency. Its flags differ from the learner's builds, so sharing
        // .build itself would make each rebuild everything. SwiftPM repeats no warning of a file
        // it does not recompile, so the package's own modules are compiled again every time.
        let scratch = package + "/.build/actorlings-explain" + (survey ? "-survey" : "")
        // SwiftPM's lock files go to TMPDIR: a folder of our own, removed afterwards.
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-explain-\(UUID().uuidString)").path
        var buildEnvironment = environment
        buildEnvironment["TMPDIR"] = temporary
        // Resolving may rewrite the package's Package.resolved; the learner's file is put back.
        let resolved = package + "/Package.resolved"
        let resolvedBefore = FileManager.default.contents(atPath: resolved)
        defer {
            try? FileManager.default.removeItem(atPath: temporary)
            if let resolvedBefore {
                if FileManager.default.contents(atPath: resolved) != resolvedBefore { try? resolvedBefore.write(to: URL(fileURLWithPath: resolved)) }
            } else {
                try? FileManager.default.removeItem(atPath: resolved)
            }
        }
        let reused = FileManager.default.fileExists(atPath: scratch)
        console.write(
            "Building \(path)"
                + (survey ? " in Swift 5 mode with complete concurrency checking (a survey: every concurrency problem as a warning)" : "")
                + (reused ? ", reusing .build/\((scratch as NSString).lastPathComponent) for its dependencies" : "") + "…\n")
        var arguments = [
            "build", "--package-path", package, "--scratch-path", scratch,
            "-Xswiftc", "-diagnostic-style", "-Xswiftc", "llvm",
            "-Xswiftc", "-Xfrontend", "-Xswiftc", "-debug-diagnostic-names",
        ]
        if survey { arguments += ["-Xswiftc", "-swift-version", "-Xswiftc", "5", "-Xswiftc", "-strict-concurrency=complete"] }
        let result: ProcessResult
        do {
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            if reused { await forgetOwnModules(package: package, scratch: scratch, swift: swift, environment: buildEnvironment) }
            result = try await Subprocess.run(
                ProcessRequest(executable: swift, arguments: arguments, environment: buildEnvironment, timeLimit: .seconds(3600), outputLimit: 16 << 20))
        } catch is CancellationError {
            return .interrupted
        } catch {
            console.writeError(palette.apply(.boldRed, "error: ") + "\(error)\n")
            return .toolFailure
        }
        let succeeded = if case .exited(0) = result.termination { true } else { false }
        let diagnostics = DiagnosticParser.problems(in: result.output)
        let report = BuildExplanation(
            diagnostics: diagnostics, knowledge: knowledge, root: package, failed: !succeeded, output: result.output,
            sources: Self.sources(of: diagnostics, package: package), survey: survey, packagePath: path,
            languageMode: (try? String(contentsOfFile: package + "/Package.swift", encoding: .utf8)).flatMap(BuildExplanation.languageMode(ofManifest:)))
        console.write(report.render(palette: palette, width: min(console.width, 100), command: Session.learnerCommand))
        return succeeded ? .success : .failure
    }

    /// Removes the intermediate folders of the package's own targets from a reused build folder,
    /// so they are compiled again and print every diagnostic; dependencies stay built.
    private func forgetOwnModules(package: String, scratch: String, swift: String, environment: [String: String]) async {
        guard
            let manifest = try? await Subprocess.run(
                ProcessRequest(
                    executable: swift, arguments: ["package", "--package-path", package, "--scratch-path", scratch, "dump-package"],
                    environment: environment, timeLimit: .seconds(600), outputLimit: 16 << 20)),
            case .exited(0) = manifest.termination,
            // Output and errors share one pipe: the JSON is the part from the first brace.
            let open = manifest.output.firstIndex(of: "{"), let close = manifest.output.lastIndex(of: "}"), open < close,
            let json = try? JSONSerialization.jsonObject(with: Data(manifest.output[open...close].utf8)) as? [String: Any],
            let targets = json["targets"] as? [[String: Any]]
        else { return }
        let names = Set(targets.compactMap { $0["name"] as? String }.map { $0 + ".build" })
        let files = FileManager.default
        for platform in (try? files.contentsOfDirectory(atPath: scratch)) ?? [] {
            for configuration in ["debug", "release"] {
                let folder = "\(scratch)/\(platform)/\(configuration)"
                for name in (try? files.contentsOfDirectory(atPath: folder)) ?? [] where names.contains(name) {
                    try? files.removeItem(atPath: folder + "/" + name)
                }
            }
        }
    }

    /// The text of each file a diagnostic or note points at, for the excerpts, and of the
    /// package's other Swift files (outside `.build` and hidden folders, up to 2,000), where the
    /// types a diagnostic names are declared.
    static func sources(of diagnostics: [Diagnostic], package: String) -> [String: String] {
        var sources: [String: String] = [:]
        let root = URL(fileURLWithPath: package).standardizedFileURL.path
        if let walker = FileManager.default.enumerator(atPath: root) {
            var count = 0
            while let relative = walker.nextObject() as? String, count < 2000 {
                let name = (relative as NSString).lastPathComponent
                if name.hasPrefix(".") || name == "Package.swift" {
                    if name.hasPrefix(".") { walker.skipDescendants() }
                    continue
                }
                guard name.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: root + "/" + relative), data.count < 1 << 20 else {
                    continue
                }
                sources[root + "/" + relative] = String(decoding: data, as: UTF8.self)
                count += 1
            }
        }
        for diagnostic in diagnostics {
            for file in ([diagnostic] + diagnostic.notes).compactMap(\.file) where sources[file] == nil {
                guard let data = FileManager.default.contents(atPath: file), data.count < 4 << 20 else { continue }
                sources[file] = String(decoding: data, as: UTF8.self)
            }
        }
        return sources
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
