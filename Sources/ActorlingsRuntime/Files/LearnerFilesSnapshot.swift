public import ActorlingsCore
import Foundation

/// The learner's files as they were just before learner code ran, to find and undo whatever the
/// run did to them: the learner's code runs with the learner's permissions, and can rewrite or
/// delete its own exercise or any other.
public struct LearnerFilesSnapshot: Sendable {
    public let root: String
    /// Repository-relative path → content; nil for a file that did not exist.
    let contents: [String: Data?]

    /// Files larger than this are not kept in memory (an exercise file is a few KB); they are
    /// compared by size and modification time only.
    static let sizeLimit = 4 << 20

    /// Reads `paths` (repository-relative) now.
    public static func take(root: String, paths: [String]) -> LearnerFilesSnapshot {
        var contents: [String: Data?] = [:]
        for path in Set(paths) {
            let absolute = root + "/" + path
            let size = (try? FileManager.default.attributesOfItem(atPath: absolute)[.size] as? Int) ?? 0
            contents[path] = size > sizeLimit ? nil : FileManager.default.contents(atPath: absolute)
        }
        return LearnerFilesSnapshot(root: root, contents: contents)
    }

    /// Puts back every file that differs from the snapshot, keeping what the run left in
    /// `.actorlings/backups/<exercise>/<time>-after-test-run/` (in watch mode it may be an edit the
    /// learner saved while the tests ran: nothing is thrown away).
    public func restoreChanges(exerciseID: String) -> [RestoredFile] {
        var restored: [RestoredFile] = []
        var backup: String?
        for (path, before) in contents.sorted(by: { $0.key < $1.key }) {
            guard let before else { continue }
            let absolute = root + "/" + path
            let now = FileManager.default.contents(atPath: absolute)
            guard now != before else { continue }
            var keptAt: String?
            if let now {
                let directory = backup ?? Self.backupDirectory(root: root, exerciseID: exerciseID)
                backup = directory
                if (try? AtomicFile.write(now, to: root + "/" + directory + "/" + path)) != nil { keptAt = directory }
            }
            let change: RestoredFile.Change = now == nil ? .deleted : .changed
            do {
                try AtomicFile.write(before, to: absolute)
                restored.append(RestoredFile(path: path, change: change, restored: true, runVersion: keptAt))
            } catch {
                restored.append(RestoredFile(path: path, change: change, restored: false, runVersion: keptAt))
            }
        }
        return restored
    }

    private static func backupDirectory(root: String, exerciseID: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return StateFolder.relativeBackups(exerciseID) + "/\(formatter.string(from: Date()))-after-test-run-\(UUID().uuidString.prefix(4))"
    }
}
