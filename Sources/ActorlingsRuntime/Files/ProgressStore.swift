public import ActorlingsCore
import Foundation

/// Loads and saves `.actorlings/progress.json`.
///
/// A damaged file never stops the learner: it is set aside (renamed, not deleted) with a message,
/// and progress is rebuilt by checking again. A file from a newer Actorlings is read but never
/// overwritten.
public struct ProgressStore: Sendable {
    public let path: String
    private let root: String

    public init(root: String) {
        self.root = root
        self.path = StateFolder(root: root).progress
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

    /// Reads the progress on disk, applies `change` and writes the result back, holding the
    /// progress lock throughout, so that two writers — watch mode's check and a key pressed
    /// meanwhile, or watch mode and a `check` in a second terminal — never lose each other's
    /// change. Returns what was loaded, with the change applied. A file from a newer Actorlings is
    /// changed in memory only.
    ///
    /// The lock is held for one read and one write of a small file; waiting for it is as short.
    @discardableResult
    public func update(_ change: (inout LearnerProgress) -> Void) throws -> Loaded {
        let folder = StateFolder(root: root)
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let descriptor = open(folder.progressLock, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: folder.progressLock]) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: folder.progressLock]) }
        }
        defer { _ = flock(descriptor, LOCK_UN) }
        var loaded = load()
        change(&loaded.progress)
        if loaded.writable { try save(loaded.progress) }
        return loaded
    }
}
