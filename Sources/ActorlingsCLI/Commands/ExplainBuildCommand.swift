import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings explain --build [--survey] [PATH]`: builds a Swift package and explains its
/// concurrency diagnostics from the knowledge base (`--survey`: in Swift 5 mode with complete
/// checking, so every problem shows as a warning). Parsed by `ExplainCommand`.
struct ExplainBuildCommand: ActorlingsCommand {
    var path: String
    var survey: Bool
    // The build is cancelled on a signal: its whole process tree is killed and its scratch
    // folder removed.
    var needs: CommandNeeds { [.interruptible] }

    func run(in context: CommandContext) async throws -> ExitCode {
        let (console, palette, environment, currentDirectory) = (context.console, context.palette, context.environment, context.currentDirectory)
        guard let knowledge = ExplainCommand.loadKnowledge(context) else { return .toolFailure }
        let package = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
            console.writeError(palette.apply(.boldRed, "error: ") + "\(path) has no Package.swift; give the folder of a Swift package\n")
            return .usage
        }
        guard let swiftPM = PackageBuild(toolchain: nil, environment: environment) else {
            console.writeError(palette.apply(.boldRed, "error: ") + "\(ToolchainError.notFound)\n")
            return .toolFailure
        }
        // A build folder of our own inside the package's .build, kept between runs so a second
        // run rebuilds no dependency. Its flags differ from the learner's builds, so sharing
        // .build itself would make each rebuild everything. SwiftPM repeats no warning of a file
        // it does not recompile, so the package's own modules are compiled again every time.
        let scratch = package + "/.build/actorlings-explain" + (survey ? "-survey" : "")
        // SwiftPM's lock files go to TMPDIR: a folder of our own next to the build folder, kept
        // like it. The same TMPDIR each run lets SwiftPM reuse its evaluated manifest and build
        // plan (a new one re-evaluated the manifest twice a run: +0.5 s each on SwiftyBeaver).
        let temporary = scratch + "-tmp"
        var buildEnvironment = environment
        buildEnvironment["TMPDIR"] = temporary
        // Resolving may rewrite the package's Package.resolved; the learner's file is put back.
        let resolved = package + "/Package.resolved"
        let resolvedBefore = FileManager.default.contents(atPath: resolved)
        defer {
            // SwiftPM leaves a folder of its own there for each run; its locks and our list stay.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix("TemporaryDirectory.") {
                try? FileManager.default.removeItem(atPath: temporary + "/" + name)
            }
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
            "-Xswiftc", "-diagnostic-style", "-Xswiftc", "llvm",
            "-Xswiftc", "-Xfrontend", "-Xswiftc", "-debug-diagnostic-names",
        ]
        if survey { arguments += ["-Xswiftc", "-swift-version", "-Xswiftc", "5", "-Xswiftc", "-strict-concurrency=complete"] }
        let result: ProcessResult
        do {
            try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
            if reused { await forgetOwnModules(package: package, scratch: scratch, swiftPM: swiftPM, environment: buildEnvironment) }
            result = try await swiftPM.build(
                package: package, scratch: scratch, arguments: arguments, environment: buildEnvironment, timeLimit: .seconds(3600))
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

    /// Removes what the compiler made for the package's own targets in a reused build folder
    /// (objects, dependency and diagnostics files), so they are compiled again and print every
    /// diagnostic; dependencies stay built. The rest of each target's folder stays: SwiftPM's
    /// cached build plan names its output file map, and a plan that outlives the map fails.
    private func forgetOwnModules(package: String, scratch: String, swiftPM: PackageBuild, environment: [String: String]) async {
        guard let targets = await ownTargets(package: package, scratch: scratch, swiftPM: swiftPM, environment: environment) else { return }
        let names = Set(targets.map { $0 + ".build" })
        let made = [".o", ".swiftdeps", ".d", ".dia", ".priors"]
        let files = FileManager.default
        for platform in (try? files.contentsOfDirectory(atPath: scratch)) ?? [] {
            for configuration in ["debug", "release"] {
                let folder = "\(scratch)/\(platform)/\(configuration)"
                for name in (try? files.contentsOfDirectory(atPath: folder)) ?? [] where names.contains(name) {
                    let target = folder + "/" + name
                    for file in (try? files.contentsOfDirectory(atPath: target)) ?? [] where made.contains(where: file.hasSuffix) {
                        try? files.removeItem(atPath: target + "/" + file)
                    }
                }
            }
        }
    }

    /// The package's own targets, kept next to the build folder under the manifest's digest: asking
    /// SwiftPM (`dump-package`) costs a process and a manifest read on every run, the answer
    /// changes only with the manifest.
    private func ownTargets(package: String, scratch: String, swiftPM: PackageBuild, environment: [String: String]) async -> [String]? {
        guard let manifest = FileManager.default.contents(atPath: package + "/Package.swift") else { return nil }
        let kept = "\(scratch)-tmp/targets-\(SHA256.hash(manifest))"
        if let text = try? String(contentsOfFile: kept, encoding: .utf8) {
            return text.split(separator: "\n").map(String.init)
        }
        guard let targets = await swiftPM.targetNames(package: package, scratch: scratch, environment: environment) else { return nil }
        try? targets.joined(separator: "\n").write(toFile: kept, atomically: true, encoding: .utf8)
        return targets
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
}
