public import ActorlingsCore
public import Foundation

/// Reads a submission's files as data: `lstat` on every component of a path before anything is
/// opened, no link followed, a file's size known before a byte is read, and never more read than
/// a limit allows (a sparse file of 400 MB is refused by its size, not by reading it).
public enum SubmissionFiles {
    /// What reading a learner file gave.
    public enum Reading: Sendable, Equatable {
        case data(Data)
        case missing
        case refused(path: String, problem: LearnerPathCheck.Problem)
    }

    /// Reads `relative` below `root`, judged by ``LearnerPathCheck`` component by component.
    public static func read(_ relative: String, in root: String, limit: Int = LearnerPathCheck.sizeLimit) -> Reading {
        var components: [LearnerPathCheck.Component] = []
        var path = ""
        let parts = relative.split(separator: "/").filter { $0 != "." }
        // A course's paths never climb out of the submission.
        guard !parts.contains("..") else { return .missing }
        for part in parts {
            path = path.isEmpty ? String(part) : path + "/" + part
            let component = status(root + "/" + path, relative: path)
            components.append(component)
            // Below anything but a folder nothing is looked at: a link is not followed even by `lstat`.
            if component.kind != .directory { break }
        }
        // A file where a folder of the path belongs: the learner file is not there.
        if components.count < parts.count, components.last?.kind == .regularFile { return .missing }
        switch LearnerPathCheck.judge(components, limit: limit) {
        case .missing:
            return .missing
        case .refused(let path, let problem):
            return .refused(path: path, problem: problem)
        case .readable:
            return readRegularFile(root + "/" + relative, limit: limit).map(Reading.data) ?? .missing
        }
    }

    /// `lstat` of one path, as the check sees it.
    public static func status(_ absolute: String, relative: String) -> LearnerPathCheck.Component {
        var info = stat()
        guard lstat(absolute, &info) == 0 else { return LearnerPathCheck.Component(path: relative, kind: .missing) }
        return LearnerPathCheck.Component(path: relative, kind: kind(info.st_mode), links: Int(info.st_nlink), size: Int64(info.st_size))
    }

    /// The bytes of a regular file that is no link and at most `limit` bytes long, or nil. It is
    /// opened without following a link and checked again on the open descriptor, so a file
    /// swapped after the `lstat` is not read either.
    public static func readRegularFile(_ absolute: String, limit: Int) -> Data? {
        var before = stat()
        guard lstat(absolute, &before) == 0, kind(before.st_mode) == .regularFile, Int64(before.st_size) <= Int64(limit) else { return nil }
        let descriptor = open(absolute, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var after = stat()
        guard fstat(descriptor, &after) == 0, kind(after.st_mode) == .regularFile, after.st_dev == before.st_dev, after.st_ino == before.st_ino,
            Int64(after.st_size) <= Int64(limit)
        else { return nil }
        // One byte past the size: a file that grew since is not taken either.
        guard let data = try? handle.read(upToCount: Int(after.st_size) + 1) else { return Data() }
        return data.count <= Int(after.st_size) ? data : nil
    }

    /// Copies a regular file that is no link and at most `limit` bytes long to `destination`,
    /// a megabyte at a time (a pack of a few hundred MB is never held in memory). False when
    /// the file is not such a file, or changed while it was copied.
    public static func copyRegularFile(_ absolute: String, to destination: String, limit: Int64) -> Bool {
        var before = stat()
        guard lstat(absolute, &before) == 0, kind(before.st_mode) == .regularFile, Int64(before.st_size) <= limit else { return false }
        let descriptor = open(absolute, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        let source = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var after = stat()
        guard fstat(descriptor, &after) == 0, kind(after.st_mode) == .regularFile, after.st_dev == before.st_dev, after.st_ino == before.st_ino,
            FileManager.default.createFile(atPath: destination, contents: nil),
            let target = FileHandle(forWritingAtPath: destination)
        else { return false }
        defer { try? target.close() }
        var copied: Int64 = 0
        while let chunk = try? source.read(upToCount: 1 << 20), !chunk.isEmpty {
            copied += Int64(chunk.count)
            guard copied <= Int64(after.st_size), (try? target.write(contentsOf: chunk)) != nil else { return false }
        }
        return copied == Int64(after.st_size)
    }

    static func kind(_ mode: mode_t) -> LearnerPathCheck.Component.Kind {
        switch mode & mode_t(S_IFMT) {
        case mode_t(S_IFDIR): .directory
        case mode_t(S_IFREG): .regularFile
        case mode_t(S_IFLNK): .symbolicLink
        default: .other
        }
    }
}
