import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings doctor`: the pre-flight check for the night before a workshop. Every check runs
/// even when an earlier one failed, so one run lists everything to fix.
struct DoctorCommand: CourseCommand {
    var options: DoctorOptions
    var name: String { "doctor" }
    var needs: CommandNeeds { [.toolchain] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: ["--no-build"])
        var options = DoctorOptions(build: !words.flags.contains("--no-build"))
        var rest = words.arguments[...]
        while let word = rest.first {
            guard word == "--min-free-mb", rest.count >= 2, let megabytes = Int(rest[rest.startIndex + 1]), megabytes >= 0 else {
                throw UsageError("unexpected '\(word)'; `doctor` takes `--min-free-mb N` and `--no-build`", command: words.name)
            }
            options.minimumFreeMegabytes = megabytes
            rest = rest.dropFirst(2)
        }
        return DoctorCommand(options: options)
    }

    func run(in session: Session) async throws -> ExitCode {
        let (environment, course, root) = (session.environment, session.course, session.root)
        var checks: [DoctorReport.Check] = []
        let toolchain: Toolchain?
        do {
            let found = try await session.locateToolchain()
            toolchain = found
            checks.append(DoctorReport.toolchain(found: found.version, path: found.swiftc, minimum: course.minimumSwift, problem: nil))
        } catch let error as ToolchainError {
            toolchain = nil
            switch error {
            case .tooOld(let found, let minimum, let swiftc):
                checks.append(DoctorReport.toolchain(found: found, path: swiftc, minimum: minimum, problem: nil))
            case .notFound, .unrecognized:
                checks.append(DoctorReport.toolchain(found: nil, path: nil, minimum: course.minimumSwift, problem: error.description))
            }
        }
        checks.append(
            Git.locate(environment: environment) == nil
                ? DoctorReport.Check(
                    name: "git", status: .warning, detail: "git is not on PATH: `reset` and `update` need it",
                    fix: "install git (apt install git; on macOS: xcode-select --install)")
                : DoctorReport.Check(name: "git", status: .ok, detail: "found"))
        let free = (try? FileManager.default.attributesOfFileSystem(forPath: root)[.systemFreeSize] as? NSNumber)?.int64Value
        checks.append(DoctorReport.diskSpace(freeBytes: free, neededBytes: Int64(options.minimumFreeMegabytes) << 20, path: root))
        checks.append(DoctorReport.sandbox(session.machineSandbox))
        checks.append(editorCheck(toolchain, session))
        checks.append(await buildCheck(toolchain, enabled: options.build, session))
        checks.append(await exerciseCheck(toolchain, session))
        let report = DoctorReport(checks: checks)
        session.console.write(report.render(palette: session.palette))
        return report.isReady ? .success : .failure
    }

    private func editorCheck(_ toolchain: Toolchain?, _ session: Session) -> DoctorReport.Check {
        let (environment, course, root) = (session.environment, session.course, session.root)
        let manifest: Bool?
        switch LocalCourseFiles(root: root).read(ExercisesManifest.path) {
        case .text(let text): manifest = text == ExercisesManifest.render(course)
        case .missing, .unreadable: manifest = nil
        }
        let directory = toolchain.map { URL(fileURLWithPath: $0.swiftc).deletingLastPathComponent().path }
        let server =
            directory.map { $0 + "/sourcekit-lsp" }.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }
            ?? ExecutableSearch.find("sourcekit-lsp", environment: environment)
        return DoctorReport.editor(manifestCurrent: manifest, languageServer: server)
    }

    /// Builds the tool as a learner's `swift run actorlings` would, when this checkout has its sources.
    private func buildCheck(_ toolchain: Toolchain?, enabled: Bool, _ session: Session) async -> DoctorReport.Check {
        let (environment, root) = (session.environment, session.root)
        let name = "tool builds"
        guard FileManager.default.fileExists(atPath: root + "/Package.swift") else {
            return DoctorReport.Check(name: name, status: .ok, detail: "no Package.swift here: the tool is installed, not built from this checkout")
        }
        guard enabled else { return DoctorReport.Check(name: name, status: .warning, detail: "skipped (--no-build)") }
        guard let toolchain else {
            return DoctorReport.Check(name: name, status: .failed, detail: "not tried: no usable toolchain", fix: "fix the toolchain first")
        }
        guard let swiftPM = PackageBuild(toolchain: toolchain, environment: environment) else {
            return DoctorReport.Check(name: name, status: .failed, detail: "no `swift` next to \(toolchain.swiftc)", fix: "reinstall the toolchain")
        }
        do {
            let result = try await swiftPM.build(in: root, arguments: ["--product", "actorlings"], timeLimit: .seconds(1800))
            if case .exited(0) = result.termination {
                return DoctorReport.Check(name: name, status: .ok, detail: "`swift build` finished in \(seconds(result.duration)), offline")
            }
            let last = result.output.split(separator: "\n").filter { $0.contains("error:") }.prefix(2).joined(separator: " ")
            return DoctorReport.Check(
                name: name, status: .failed, detail: "`swift build` failed: " + (last.isEmpty ? "\(result.termination)" : String(last.prefix(300))),
                fix: "run `swift build` to see everything; a fresh clone or `rm -rf .build` helps after a toolchain change")
        } catch is CancellationError {
            return DoctorReport.Check(name: name, status: .failed, detail: "interrupted")
        } catch {
            return DoctorReport.Check(name: name, status: .failed, detail: "`swift build` could not start: \(error)")
        }
    }

    /// Checks the first exercise in a scratch folder: its solution must pass (the compiler, Swift
    /// Testing and the runner all work); without solutions, the shipped state must fail as declared.
    private func exerciseCheck(_ toolchain: Toolchain?, _ session: Session) async -> DoctorReport.Check {
        let (environment, course, root) = (session.environment, session.course, session.root)
        let name = "one exercise"
        guard let toolchain, let exercise = course.exercises.first else {
            return DoctorReport.Check(name: name, status: .failed, detail: "not tried: no usable toolchain", fix: "fix the toolchain first")
        }
        // Sandboxed when this machine can: the one exercise proves the sandbox lets honest tests run.
        var builder = ExerciseBuilder(toolchain: toolchain, environment: environment)
        builder.sandbox = session.sandboxSetup(toolchain)
        let checker = ExerciseChecker(root: root, course: course, shipped: session.shipped, builder: builder)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-doctor-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let files = LocalCourseFiles(root: root)
        let hasSolution = exercise.solutionPaths.allSatisfy { if case .text = files.read($0) { true } else { false } }
        do {
            let verdict = try await checker.check(
                exercise, sourceDirectory: hasSolution ? exercise.solutionDirectory : nil, buildDirectory: scratch)
            let took = seconds(verdict.duration)
            switch (hasSolution, verdict.outcome) {
            case (true, .passed(let count)):
                return DoctorReport.Check(name: name, status: .ok, detail: "\(exercise.id): the solution passes its \(count) tests (\(took))")
            case (false, .compileFailed), (false, .testsFailed):
                return DoctorReport.Check(name: name, status: .ok, detail: "\(exercise.id) as shipped compiles and fails as it should (\(took))")
            default:
                return DoctorReport.Check(
                    name: name, status: .failed, detail: "\(exercise.id)\(hasSolution ? "'s solution" : "") gave `\(verdict.outcome.kind)` (\(took))",
                    fix: "run `actorlings check \(exercise.id)` to see why; a toolchain without Swift Testing cannot run the tests")
            }
        } catch is CancellationError {
            return DoctorReport.Check(name: name, status: .failed, detail: "interrupted")
        } catch {
            return DoctorReport.Check(
                name: name, status: .failed, detail: "\(exercise.id) could not be checked: \(error)", fix: "run `actorlings check \(exercise.id)`")
        }
    }
}

/// What `actorlings doctor` checks.
struct DoctorOptions: Sendable, Equatable {
    /// Free space below this (in MiB) where exercises are built fails the check.
    var minimumFreeMegabytes: Int
    /// Build the tool (`swift build`) as part of the check.
    var build: Bool

    init(minimumFreeMegabytes: Int = 1024, build: Bool = true) {
        self.minimumFreeMegabytes = minimumFreeMegabytes
        self.build = build
    }
}
