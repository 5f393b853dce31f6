public import ActorlingsCore
import Foundation
import Synchronization

/// The SHA-256 of every compiled object this process links, recorded when the process compiles
/// the object or first reads one an earlier process compiled, and compared before each link.
///
/// Objects are cached by name (the hash of what they are compiled from) and linked into test
/// binaries: whoever replaces the entry point's object decides the verdict of every check linked with it. The
/// name says what the object should be; only its content says what it is. The ledger is kept in
/// this process's memory, where no test process can reach it; an object from an earlier process
/// is believed only through the digest file its compiler wrote next to it (`digestFileSuffix`),
/// which protects against a replaced object, not against someone who can write both.
public final class ObjectLedger: Sendable {
    private let digests = Mutex<[String: SHA256.Digest]>([:])

    public init() {}

    /// What the file at a path holds, against what was recorded for it.
    public enum Check: Sendable, Equatable {
        case intact
        /// Its content, or its absence, is not what was recorded.
        case changed
        /// Nothing was recorded for the path: never linked by this process.
        case unrecorded
    }

    /// What an earlier process's object is, against the digest file written next to it.
    public enum Adoption: Sendable, Equatable {
        /// It matches, and is recorded.
        case adopted
        case noDigest
        case mismatch
    }

    /// The name of the digest file next to an object: `<object>.sha256`, in `sha256sum`'s format
    /// (`sha256sum -c object.o.sha256` in its folder checks it).
    public static let digestFileSuffix = ".sha256"

    /// An object larger than this is no object Actorlings compiled (an exercise's is under 1 MB).
    static let sizeLimit = 256 << 20

    /// Records `digest` as what `path` holds from now on.
    public func record(_ digest: SHA256.Digest, for path: String) {
        digests.withLock { $0[path] = digest }
    }

    /// Hashes the object this process just compiled at `path` and records it.
    public func recordCompiled(_ path: String) throws {
        guard let digest = Self.digest(ofFile: path) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        record(digest, for: path)
    }

    /// Whether `path` was recorded in this process.
    public func isRecorded(_ path: String) -> Bool {
        digests.withLock { $0[path] != nil }
    }

    /// Hashes the file at `path` and compares it with its record.
    public func check(_ path: String) -> Check {
        guard let expected = digests.withLock({ $0[path] }) else { return .unrecorded }
        return Self.digest(ofFile: path) == expected ? .intact : .changed
    }

    /// Records an object an earlier process compiled if it matches the digest file next to it.
    public func adopt(_ path: String) -> Adoption {
        guard let text = Self.smallText(at: path + Self.digestFileSuffix),
            let expected = SHA256.Digest(hex: text.prefix(64))
        else { return .noDigest }
        guard Self.digest(ofFile: path) == expected else { return .mismatch }
        record(expected, for: path)
        return .adopted
    }

    /// The digest file's text for `digest` of an object named `name`: what `sha256sum` prints.
    public static func digestFileText(_ digest: SHA256.Digest, name: String) -> String {
        "\(digest)  \(name)\n"
    }

    /// The SHA-256 of the regular file at `path`, read in pieces; nil when it is not a regular
    /// file (a FIFO would block the read forever; a symbolic link is never what Actorlings wrote), is
    /// larger than `sizeLimit`, or cannot be read.
    public static func digest(ofFile path: String) -> SHA256.Digest? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= sizeLimit else { return nil }
        var hasher = SHA256()
        let complete = withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { buffer -> Bool in
            var total = 0
            while true {
                let count = read(descriptor, buffer.baseAddress, buffer.count)
                if count == 0 { return true }
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                total += count
                // A file that grows while it is read is not one compiled object.
                if total > sizeLimit { return false }
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            }
        }
        return complete ? hasher.finalize() : nil
    }

    /// A regular file of at most 4 KB, as text; nil for anything else.
    private static func smallText(at path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= 4096,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
