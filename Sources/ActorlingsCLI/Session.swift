import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// What a course command works with: the checkout, the validated course, progress, how to
/// print, and the services its commands share (finding an exercise, making a checker).
///
/// Opening a session validates the course first, so no command runs on a broken definition.
/// The toolchain is located only by the commands that declare they compile.
struct Session: Sendable {
    let root: String
    /// `var` only so that a reload can replace its pacing (`reloadingPacing`).
    var course: Course
    let shipped: ShippedFiles
    let environment: [String: String]
    let console: any Console
    let palette: Palette
    let progressStore: ProgressStore
    /// Explanations for verdicts; empty when the knowledge base has problems (`dev check` reports them).
    let knowledge: KnowledgeBase
    /// What the command declared it needs; the toolchain is located only when it is among them.
    let needs: CommandNeeds
    /// `--all-diagnostics`: verdicts list every diagnostic.
    var allDiagnostics = false
    /// The `actorlings` executable whose launcher mode sandboxes test runs; `nil`: no sandbox.
    var sandboxLauncher: String?
    /// `check ID --replay SEED`.
    var replaySeed: UInt64?
    /// The folder the command was given in (`Actorlings.run`'s, which need not be this
    /// process's): relative paths on the command line are taken from it.
    var currentDirectory = FileManager.default.currentDirectoryPath

    /// How the learner typed the tool: `swift run actorlings` when it runs from a SwiftPM build
    /// folder, `actorlings` otherwise; advice quotes commands in that form.
    var command: String { Self.learnerCommand }

    /// The same, for messages printed before a session opens (usage errors).
    static var learnerCommand: String {
        // `swift run` passes a bare argv[0]; the executable's own path tells where it lives.
        let path = Bundle.main.executableURL?.path ?? CommandLine.arguments.first ?? ""
        return path.contains("/.build/") ? "swift run actorlings" : "actorlings"
    }

    /// Opens the checkout for a course command: finds it (`--root`, else walking up from the
    /// current directory), loads and validates its course as `needs` asks.
    static func open(_ context: CommandContext, needs: CommandNeeds) throws -> Session {
        let currentDirectory = context.currentDirectory
        let root: String
        if let explicit = context.root {
            // An explicit root is taken as given: walking up from a mistyped path would silently
            // use whatever checkout happens to contain it.
            let path = URL(fileURLWithPath: explicit.hasPrefix("/") ? explicit : currentDirectory + "/" + explicit).standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw UsageError("--root \(explicit): there is no such folder")
            }
            guard FileManager.default.fileExists(atPath: path + "/" + CourseLoader.coursePath) else {
                throw UsageError("--root \(explicit) is not an Actorlings checkout (it has no \(CourseLoader.coursePath)); give the folder you cloned")
            }
            root = path
        } else {
            guard let found = RepositoryRoot.find(from: currentDirectory) else {
                throw NotInCourseError(directory: currentDirectory)
            }
            root = found
        }
        let files = LocalCourseFiles(root: root)
        let course = try CourseLoader(files: files, strict: needs.contains(.authoring)).load()
        for broken in course.brokenExercises {
            context.console.writeError(
                context.palette.apply(.yellow, "note: ") + "exercise '\(broken.id)' can't be used until its definition is fixed ("
                    + broken.problems.map(\.description).joined(separator: "; ") + "); every other exercise works.\n")
        }
        let shipped: ShippedFiles
        switch files.read(ShippedFiles.path) {
        // `dev generate` writes the file afresh: one left broken (say, by a merge) must not stop it.
        case .text where needs.contains(.freshShippedList): shipped = ShippedFiles()
        case .text(let text): shipped = try ShippedFiles(parsing: text)
        case .missing, .unreadable: shipped = ShippedFiles()
        }
        return Session(
            root: root, course: course, shipped: shipped, environment: context.environment, console: context.console,
            palette: context.palette, progressStore: ProgressStore(root: root),
            // Only verdicts use the knowledge base; other commands skip reading its files.
            knowledge: needs.contains(.explanations)
                ? (try? ExplanationLoader(files: files).load()) ?? KnowledgeBase(entries: []) : KnowledgeBase(entries: []),
            needs: needs, allDiagnostics: context.allDiagnostics, sandboxLauncher: context.sandboxLauncher, replaySeed: context.replaySeed,
            currentDirectory: currentDirectory)
    }

    // MARK: - Shared helpers

    /// The exercise named on the command line, or a usage error with the closest ids.
    func exercise(named id: String) throws -> Exercise {
        if let exercise = course.exercise(id: id) { return exercise }
        if let broken = course.brokenExercises.first(where: { $0.id == id }) {
            throw CourseLoadError(problems: broken.problems)
        }
        var message = "there is no exercise '\(id)'"
        let ids = course.exercises.map(\.id)
        var suggestions = Suggestions.closest(to: id, among: ids)
        if suggestions.isEmpty {
            // "mainactor" for "main-actor-mode": compare without the dashes too.
            let bare = Dictionary(ids.map { ($0.replacingOccurrences(of: "-", with: ""), $0) }, uniquingKeysWith: { first, _ in first })
            suggestions = Suggestions.closest(to: id.replacingOccurrences(of: "-", with: ""), among: Array(bare.keys)).compactMap { bare[$0] }
        }
        if !suggestions.isEmpty {
            message += "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
        } else {
            message += "; `\(command) list` shows them all"
        }
        throw UsageError(message)
    }

    func loadProgress() -> ProgressStore.Loaded {
        let loaded = progressStore.load()
        if let notice = loaded.notice {
            console.writeError(palette.apply(.yellow, "note: ") + notice + "\n")
        }
        return loaded
    }

    /// Applies `change` to the progress on disk — read afresh, changed and written back under the
    /// progress lock, so that nothing another writer saved meanwhile is lost — and returns the
    /// result. A failure to save is reported but never stops the learner's work: the change is
    /// then applied to the progress as read.
    @discardableResult
    func updateProgress(_ change: (inout LearnerProgress) -> Void) -> LearnerProgress {
        do {
            return try progressStore.update(change).progress
        } catch {
            // The file in the way: the progress file, or the lock beside it.
            let path = (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? progressStore.path
            console.writeError(palette.apply(.yellow, "note: ") + "could not save progress (\(path)): \(error.localizedDescription)\n")
            var progress = progressStore.load().progress
            change(&progress)
            return progress
        }
    }

    /// The instructor's "wait for the next part" message, while later steps are held back.
    func pacingMessage() -> String? {
        guard let pacing = course.pacing, course.availableExercises.count < course.exercises.count else { return nil }
        return pacing.message
    }

    /// Why the learner may not open `exercise` yet, when the instructor's pacing closes its step.
    func pacingRefusal(_ exercise: Exercise) -> String? {
        guard !course.isAvailable(exercise), let message = pacingMessage() else { return nil }
        return "\(exercise.id) is part of step \(exercise.stepNumber), which opens later. \(message)\n"
    }

    /// This session with `Exercises/classroom.toml` read again, so a running watch mode follows
    /// an instructor's new `until` (brought by `update` or a pull). A course that no longer loads
    /// keeps the pacing it had.
    func reloadingPacing() -> Session {
        guard let fresh = try? CourseLoader(files: LocalCourseFiles(root: root), strict: false).load(), fresh.pacing != course.pacing else {
            return self
        }
        // Everything else the command line set is kept: the pacing is all that is read again.
        var reloaded = self
        reloaded.course.pacing = fresh.pacing
        return reloaded
    }

    /// The toolchain the course asks for; only for a command that declared it compiles.
    func locateToolchain() async throws -> Toolchain {
        guard needs.contains(.toolchain) else { throw UndeclaredNeed(what: "the toolchain") }
        return try await Toolchain.locate(environment: environment, minimum: course.minimumSwift)
    }

    /// A checker whose test runs are sandboxed when this machine can (see ``sandboxStatus(for:)``
    /// for where that is required); `sandboxed: false` is the instructor's `--no-sandbox`.
    func makeChecker(testObjectCache: String? = nil, sandboxed: Bool = true) async throws -> ExerciseChecker {
        let toolchain = try await locateToolchain()
        var builder = ExerciseBuilder(toolchain: toolchain, environment: environment)
        if sandboxed {
            builder.sandbox = sandboxSetup(toolchain)
            if case .unavailable(let reason) = machineSandbox {
                console.writeError(
                    palette.apply(.yellow, "note: ") + "tests run without the system's sandbox here (\(reason)); your code runs with your own access\n")
            }
        }
        var checker = ExerciseChecker(root: root, course: course, shipped: shipped, builder: builder)
        checker.testObjectCache = testObjectCache
        return checker
    }

    /// Whether a grade's tests run sandboxed; grading a submission on a machine that can't
    /// sandbox is refused unless the instructor said `--no-sandbox`.
    func sandboxStatus(for options: GradeOptions) throws -> SandboxStatus {
        try sandboxStatus(required: options.submission != nil, noSandbox: options.noSandbox)
    }

    func sandboxStatus(required: Bool, noSandbox: Bool) throws -> SandboxStatus {
        if noSandbox { return .disabledByInstructor }
        let status = machineSandbox
        if required, case .unavailable(let reason) = status {
            throw UsageError(
                "this machine cannot sandbox the tests (\(reason)), and a submission's code must not run with your access. Grade on a machine that can (`\(command) doctor` says), or pass --no-sandbox to grade anyway: the report will say so",
                command: "grade")
        }
        return status
    }

    /// What this machine offers. `ACTORLINGS_SANDBOX=off` makes it "unavailable", as on a
    /// machine without one (for trying that path): it can only make grading refuse or be recorded
    /// as unsandboxed, never make a grade look sandboxed.
    var machineSandbox: SandboxStatus {
        if environment["ACTORLINGS_SANDBOX"] == "off" { return .unavailable(reason: "ACTORLINGS_SANDBOX=off") }
        if sandboxLauncher == nil { return .unavailable(reason: "no sandbox launcher in this process") }
        return Sandbox.probe()
    }

    /// How test runs are sandboxed here, or `nil` where they can't be.
    func sandboxSetup(_ toolchain: Toolchain) -> SandboxSetup? {
        guard case .enforced = machineSandbox, let sandboxLauncher else { return nil }
        return SandboxSetup(launcher: sandboxLauncher, toolchain: toolchain)
    }

    func verdictRenderer() -> VerdictRenderer {
        let root = root
        var renderer = VerdictRenderer(palette: palette) { path in
            guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { return nil }
            return text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        if let endMessage = pacingMessage() { renderer.endMessage = endMessage }
        renderer.knowledge = knowledge
        renderer.command = command
        renderer.course = course
        if allDiagnostics {
            renderer.diagnosticLimit = .max
        } else {
            renderer.allDiagnosticsAdvice = "`\(command) check --all-diagnostics`"
        }
        return renderer
    }

    /// The exercise after `exercise`, if the learner may do it now (pacing may hold it back).
    func nextExercise(after exercise: Exercise) -> Exercise? {
        let all = course.availableExercises
        guard let index = all.firstIndex(where: { $0.id == exercise.id }), index + 1 < all.count else { return nil }
        return all[index + 1]
    }
}

/// A command used something it did not declare in its `needs`: a bug in the tool, reported
/// rather than hidden, so that a command's declaration stays true.
struct UndeclaredNeed: Error, CustomStringConvertible {
    let what: String
    var description: String { "internal error: this command uses \(what) without declaring it needs it" }
}
