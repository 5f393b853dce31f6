/// A file of a submission that differs from the trusted course outside the learner's files:
/// evidence for the instructor, never part of the grade.
public struct SubmissionFlag: Codable, Sendable, Equatable, Hashable {
    public enum Change: String, Codable, Sendable, CaseIterable {
        /// The file exists in both, with different content.
        case modified
        /// The submission has a file the course does not.
        case added
        /// The course has a file the submission lacks.
        case deleted
        /// A symbolic link where the course has a file, or anywhere: never followed.
        case symlink
        /// The file exists but could not be read.
        case unreadable
    }

    /// Relative to the checkout's root, e.g. `Exercises/shipped.txt`.
    public var file: String
    public var change: Change

    public init(file: String, change: Change) {
        self.file = file
        self.change = change
    }
}

/// Which files of a submission differ from the trusted course, apart from the learner's own.
///
/// Pure: the caller lists both trees and says which common files differ in content.
public enum SubmissionAudit {
    /// What the published student template leaves out (`Scripts/publish-template.sh` removes the
    /// same): a submission that lacks these is as published, not tampered with. Every workflow
    /// but the student's is the instructor's (the grading workflow, the project's own CI).
    public static let privatePaths = ["Solutions/", ".github/workflows/"]

    /// The one workflow a student's copy carries, so the one whose absence is flagged.
    public static let studentWorkflow = ".github/workflows/classroom.yml"

    public enum Entry: Sendable, Equatable {
        case file
        case symlink
        case unreadable
    }

    public static func isPrivate(_ path: String) -> Bool {
        path != studentWorkflow && privatePaths.contains { $0.hasSuffix("/") ? path.hasPrefix($0) : path == $0 }
    }

    /// - Parameters:
    ///   - course: the trusted course's files.
    ///   - submission: the submission's files, and what each is.
    ///   - differing: files present in both whose bytes differ.
    ///   - learnerFiles: the files learners edit (every exercise's `files`): never flagged here.
    public static func flags(
        course: Set<String>, submission: [String: Entry], differing: Set<String>, learnerFiles: Set<String>
    ) -> [SubmissionFlag] {
        var flags: [SubmissionFlag] = []
        for (path, entry) in submission {
            switch entry {
            case .symlink:
                flags.append(SubmissionFlag(file: path, change: .symlink))
            case .unreadable:
                flags.append(SubmissionFlag(file: path, change: .unreadable))
            case .file where learnerFiles.contains(path):
                continue
            case .file where !course.contains(path):
                flags.append(SubmissionFlag(file: path, change: .added))
            case .file where differing.contains(path):
                flags.append(SubmissionFlag(file: path, change: .modified))
            case .file:
                continue
            }
        }
        for path in course where submission[path] == nil && !learnerFiles.contains(path) && !isPrivate(path) {
            flags.append(SubmissionFlag(file: path, change: .deleted))
        }
        return flags.sorted { ($0.file, $0.change.rawValue) < ($1.file, $1.change.rawValue) }
    }
}

/// A repository address fit for a report: credentials embedded in a URL are removed.
public enum RepositoryAddress {
    /// `https://x-access-token:SECRET@github.com/org/repo.git` → `https://github.com/org/repo.git`.
    /// Query strings and fragments go too (tokens hide there as well). scp-like addresses
    /// (`git@github.com:org/repo`) carry a user name, not a secret, and are kept.
    public static func redacted(_ address: String) -> String {
        let trimmed = address.trimmingCharacters(in: " \n\t\r")
        guard let schemeEnd = trimmed.range(of: "://") else { return trimmed }
        let scheme = trimmed[..<schemeEnd.upperBound]
        var rest = trimmed[schemeEnd.upperBound...]
        if let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        let hostEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<hostEnd].lastIndex(of: "@") {
            rest = rest[rest.index(after: at)...]
        }
        return String(scheme) + String(rest)
    }
}
