/// Whether a learner file of a submission may be read, from what `lstat` says about every
/// component of its path: a grader reads a student's files as data, so it follows no link, reads
/// no file shared by a hard link with something else, and reads nothing larger than a learner
/// file can be. Pure: the caller stats, this decides and says why.
public enum LearnerPathCheck {
    /// A learner file of an exercise is a few KB; the checker compiles nothing larger.
    public static let sizeLimit = 1 << 20

    /// The `identifier` of the diagnostic that refuses a path: a grade's reason then says so,
    /// rather than "does not compile".
    public static let refusalIdentifier = "actorlings-refused-learner-path"

    /// What `lstat` reported for one component of the path.
    public struct Component: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case directory, regularFile, symbolicLink, other, missing
        }

        /// The path up to and including this component, relative to the submission's root.
        public var path: String
        public var kind: Kind
        /// `st_nlink`.
        public var links: Int
        /// `st_size`: a sparse file counts at its full length.
        public var size: Int64

        public init(path: String, kind: Kind, links: Int = 1, size: Int64 = 0) {
            self.path = path
            self.kind = kind
            self.links = links
            self.size = size
        }
    }

    public enum Verdict: Sendable, Equatable {
        /// Read it: a regular file of this size, reached through folders only.
        case readable(size: Int64)
        /// Not there (or not reachable): the checker reports it as missing.
        case missing
        /// Not read, for the reason `message` gives.
        case refused(path: String, problem: Problem)
    }

    public enum Problem: Sendable, Equatable {
        case symbolicLink
        case hardLink(links: Int)
        case tooLarge(size: Int64)
        case notARegularFile
    }

    /// `components` run from the first component below the root to the file itself.
    public static func judge(_ components: [Component], limit: Int = sizeLimit) -> Verdict {
        guard let last = components.last else { return .missing }
        for component in components {
            switch component.kind {
            case .symbolicLink: return .refused(path: component.path, problem: .symbolicLink)
            case .missing: return .missing
            case .directory where component != last: continue
            case .other, .directory: return .refused(path: component.path, problem: .notARegularFile)
            case .regularFile where component != last: return .missing
            case .regularFile: break
            }
        }
        if last.links > 1 { return .refused(path: last.path, problem: .hardLink(links: last.links)) }
        if last.size > Int64(limit) { return .refused(path: last.path, problem: .tooLarge(size: last.size)) }
        return .readable(size: last.size)
    }

    /// What the instructor and the student read: which path, what it is, what to do.
    public static func message(path: String, problem: Problem, limit: Int = sizeLimit) -> String {
        let shown = UntrustedText.line(path)
        return switch problem {
        case .symbolicLink:
            "refused: \(shown) is a symbolic link; a submission is read as data and no link in it is followed, so this exercise was not graded. "
                + "Replace the link with the folder or file itself."
        case .hardLink(let links):
            "refused: \(shown) is a hard link (\(links) names for one file); a learner file must be a file of its own, so it was not read. "
                + "Replace it with a copy."
        case .tooLarge(let size):
            "refused: \(shown) is \(sizeText(size)) (a sparse file counts at its full length); a learner file may be at most \(sizeText(Int64(limit))), "
                + "so it was not read."
        case .notARegularFile:
            "refused: \(shown) is not a regular file (a device, a pipe, a socket, or a folder where a file belongs), so it was not read."
        }
    }

    static func sizeText(_ bytes: Int64) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : "\(bytes) bytes"
    }
}
