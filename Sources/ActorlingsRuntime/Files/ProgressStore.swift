public import ActorlingsCore
import Foundation

/// Loads and saves `.actorlings/progress.json`.
///
/// A damaged file never stops the learner: it is set aside (renamed, not deleted) with a message,
/// and progress is rebuilt by checking again. A file from a newer Actorlings is read but never
/// overwritten.
public struct ProgressStore: Sendable {
    public let path: String

    public init(root: String) {
        self.path = root + "/.actorlings/progress.json"
    }

    public struct Loaded: Sendable {
        public var progress: LearnerProgress
        /// Something the learner should know about the file, e.g. that it was damaged.
        public var notice: String?
        /// False for a file written by a newer Actorlings.
        public var writable: Bool
    }

    /// A progress file holds a few hundred bytes per exercise; one far larger was not written by
    /// Actorlings, and is set aside unread rather than parsed (a 150 MB file took 45 s and 7 GB).
    public static let sizeLimit = 4 << 20

    public func load() -> Loaded {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > Self.sizeLimit {
            return setAside(reason: "it is \(size >> 20) MB, far larger than a progress file can be")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                return Loaded(
                    progress: LearnerProgress(),
                    notice: "Your progress file .actorlings/progress.json can't be read; progress will be rebuilt as you check exercises.", writable: false)
            }
            return Loaded(progress: LearnerProgress(), notice: nil, writable: true)
        }
        switch ProgressDecoding.decode(data) {
        case .decoded(let progress):
            return Loaded(progress: progress, notice: nil, writable: true)
        case .newer(let format):
            return Loaded(
                progress: LearnerProgress(),
                notice: "Your progress file was written by a newer Actorlings (format \(format)); this one won't change it. Update Actorlings with `git pull`.",
                writable: false)
        case .corrupt(let reason):
            return setAside(reason: reason)
        }
    }

    /// Renames a damaged file to `progress.json.damaged` and starts afresh.
    private func setAside(reason: String) -> Loaded {
        let aside = path + ".damaged"
        try? FileManager.default.removeItem(atPath: aside)
        let moved = (try? FileManager.default.moveItem(atPath: path, toPath: aside)) != nil
        return Loaded(
            progress: LearnerProgress(),
            notice:
                "Your progress file was damaged (\(reason))\(moved ? " and was kept as .actorlings/progress.json.damaged" : ""). Progress is rebuilt by checking exercises again; your code is untouched.",
            writable: true)
    }

    public func save(_ progress: LearnerProgress) throws {
        try AtomicFile.write(ProgressDecoding.encode(progress), to: path)
    }
}
