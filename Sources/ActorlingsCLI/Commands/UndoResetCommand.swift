import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings reset ID --undo`: puts back the files the exercise's last `reset` backed up.
///
/// Only that exercise's own files come back, and what is there now is backed up first (to a
/// `…-before-undo` folder, which a later undo does not take for a reset's backup), so that no
/// edit made since the reset is lost. Parsed by `ResetCommand`.
struct UndoResetCommand: CourseCommand {
    var exercise: String
    var name: String { "reset" }
    var needs: CommandNeeds { [] }

    func run(in session: Session) async throws -> ExitCode {
        let (console, root) = (session.console, session.root)
        let exercise = try session.exercise(named: self.exercise)
        let folder = StateFolder(root: root).backups(exercise.id)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard let latest = ResetBackups.latest(among: names) else {
            console.write("\(exercise.id) has no backup made by `\(session.command) reset \(exercise.id)`, so there is nothing to undo.\n")
            return .failure
        }
        let own = Set(exercise.sourcePaths + exercise.protectedPaths + exercise.testPaths + exercise.mutantPaths)
        let backup = "\(folder)/\(latest)"
        let files = own.sorted().compactMap { path in FileManager.default.contents(atPath: backup + "/" + path).map { (path, $0) } }
        guard !files.isEmpty else {
            console.write("The backup \(String(backup.dropFirst(root.count + 1))) holds none of \(exercise.id)'s files; nothing changed.\n")
            return .failure
        }
        let before = "\(folder)/\(latest)-before-undo"
        for (path, _) in files {
            guard let data = FileManager.default.contents(atPath: root + "/" + path) else { continue }
            try AtomicFile.write(data, to: before + "/" + path)
        }
        for (path, data) in files {
            try AtomicFile.write(data, to: root + "/" + path)
        }
        let relative = { (path: String) in String(path.dropFirst(root.count + 1)) }
        console.writeWrapped(
            "Restored \(files.map(\.0).joined(separator: ", ")) from \(relative(backup)), the backup the reset made.\n"
                + "What was there before is in \(relative(before)).\n")
        return .success
    }
}
