import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings reset ID [--yes]`: restores an exercise's files as shipped, backing up the
/// learner's version first; `reset ID --undo` is `UndoResetCommand`.
struct ResetCommand: CourseCommand {
    var exercise: String
    /// `--yes`: no question asked (a script's reset).
    var confirmed: Bool
    var name: String { "reset" }
    var needs: CommandNeeds { [.lock] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: ["--yes", "--undo"])
        guard let id = try words.optionalOne() else {
            throw UsageError("reset needs the exercise to restore, e.g. `actorlings reset intro`", command: words.name)
        }
        if words.flags.contains("--undo") { return UndoResetCommand(exercise: id) }
        return ResetCommand(exercise: id, confirmed: words.flags.contains("--yes"))
    }

    func run(in session: Session) async throws -> ExitCode {
        let (console, root) = (session.console, session.root)
        let exercise = try session.exercise(named: self.exercise)
        let paths = exercise.sourcePaths + exercise.protectedPaths + exercise.testPaths + exercise.mutantPaths
        let git = GitObjects(root: root, environment: session.environment)
        var restored: [(path: String, data: Data)] = []
        for path in paths {
            guard let blob = session.shipped.ids[path] else {
                throw CourseLoadError(problems: [
                    CourseProblem(file: ShippedFiles.path, message: "\(path) is not listed; run `swift run actorlings dev generate`")
                ])
            }
            restored.append((path, try await git.blob(blob)))
        }
        let changed = restored.filter { FileManager.default.contents(atPath: root + "/" + $0.path) != $0.data }
        if changed.isEmpty {
            console.write("\(exercise.id) is already as shipped; nothing to restore.\n")
            return .success
        }
        if !confirmed {
            guard console.isInteractive else {
                throw UsageError("reset replaces your code in \(exercise.directory); run it in a terminal to confirm, or add --yes")
            }
            console.write("Restore \(changed.count) file(s) of \(exercise.id) as shipped? Your version is backed up first. [y/N] ")
            guard let answer = await console.readLine()?.lowercased(), answer == "y" || answer == "yes" else {
                console.write("Nothing changed.\n")
                return .success
            }
        }
        let backup = try Self.backUp(changed.map(\.path), exercise: exercise, root: root)
        for file in changed {
            try AtomicFile.write(file.data, to: root + "/" + file.path)
        }
        session.updateProgress { progress in
            if progress.exercises[exercise.id] != nil { progress.exercises[exercise.id]?.status = .failing }
        }
        console.writeWrapped("Restored \(changed.map(\.path).joined(separator: ", ")).\nYour previous version is in \(backup).\n")
        return .success
    }

    /// Copies files into `.actorlings/backups/<id>/<timestamp>/`, keeping their relative paths.
    static func backUp(_ paths: [String], exercise: Exercise, root: String) throws -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let folder = StateFolder(root: root).backups(exercise.id)
        var directory = "\(folder)/\(formatter.string(from: Date()))"
        var suffix = 1
        while FileManager.default.fileExists(atPath: directory) {
            suffix += 1
            directory = "\(folder)/\(formatter.string(from: Date()))-\(suffix)"
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            try AtomicFile.write(data, to: directory + "/" + path)
        }
        return String(directory.dropFirst(root.count + 1))
    }
}
