public import ActorlingsCore
import Foundation

/// A learner's checkout graded against a trusted course: only each exercise's declared `files`
/// are taken from it. Nothing in it is executed by the grader except, as always, the learner's
/// own code inside the test binary; its other files are only compared with the course's, and
/// its repository is read as data (``SubmissionRepository``).
public struct Submission: Sendable {
    /// The submission's root, absolute.
    public let root: String

    /// Validates `path` as a checkout of `course`: it exists, holds an Actorlings course, and
    /// holds at least one of this course's exercise folders.
    public init(path: String, course: Course) throws(SubmissionError) {
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw SubmissionError(path: path, problem: "does not exist")
        }
        guard isDirectory.boolValue else {
            throw SubmissionError(path: path, problem: "is a file, not a checkout; give the folder of the student's repository")
        }
        guard FileManager.default.fileExists(atPath: root + "/" + CourseLoader.coursePath) else {
            throw SubmissionError(path: path, problem: "is not an Actorlings checkout (it has no \(CourseLoader.coursePath))")
        }
        let present = course.exercises.filter { FileManager.default.fileExists(atPath: root + "/" + $0.directory) }
        guard !present.isEmpty else {
            let example = course.exercises.first.map { " (e.g. \($0.directory))" } ?? ""
            throw SubmissionError(
                path: path, problem: "holds a different course: none of the exercise folders of \(course.title) \(course.version) is there\(example)")
        }
        self.root = root
    }

    /// What staging an exercise gave: the folder to check, or why its learner files were refused.
    public enum Staging: Sendable {
        case staged(String)
        /// A learner path is a link, a hard link, not a regular file or too large: the exercise is
        /// not checked, and each diagnostic names the path and what it is.
        case refused([Diagnostic])
    }

    /// Copies what the checker compiles for `exercise` into `staging/<exercise.learnerDirectory>`:
    /// the course's own files of that folder (e.g. files learners must not change), then, over
    /// them, the submission's learner files, read as data by ``SubmissionFiles`` (no link on any
    /// component of the path, no hard link, the size known before a byte is read). A learner file
    /// that is missing is left out, and the checker reports it by name.
    public func stage(_ exercise: Exercise, trustedRoot: String, staging: String) throws -> Staging {
        var learnerFiles: [(name: String, data: Data)] = []
        var refusals: [Diagnostic] = []
        for name in exercise.files {
            let relative = exercise.learnerDirectory + "/" + name
            switch SubmissionFiles.read(relative, in: root) {
            case .data(let data):
                learnerFiles.append((name, data))
            case .missing:
                continue
            case .refused(let path, let problem):
                refusals.append(
                    Diagnostic(
                        severity: .error, file: path, message: LearnerPathCheck.message(path: path, problem: problem),
                        identifier: LearnerPathCheck.refusalIdentifier))
            }
        }
        if !refusals.isEmpty { return .refused(refusals) }
        let target = staging + "/" + exercise.learnerDirectory
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let courseSources = trustedRoot + "/" + exercise.learnerDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: courseSources)) ?? [] where !exercise.files.contains(name) {
            if let data = FileManager.default.contents(atPath: courseSources + "/" + name) {
                try data.write(to: URL(fileURLWithPath: target + "/" + name))
            }
        }
        for (name, data) in learnerFiles {
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: target + "/" + name).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: target + "/" + name))
        }
        return .staged(target)
    }

    /// The submission's learner file, as text, when it can be read as data (see ``stage``).
    public func learnerText(_ path: String) -> String? {
        guard case .data(let data) = SubmissionFiles.read(path, in: root) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every file that differs from the trusted course outside the learner files. Sizes are
    /// compared first (from `lstat`); contents only when they are equal, so nothing larger
    /// than the course's own file is ever read.
    public func audit(course: Course, trustedFiles: Set<String>, trustedRoot: String) -> [SubmissionFlag] {
        let submitted = SubmissionTree.scan(root)
        let learnerFiles = Set(course.exercises.flatMap(\.sourcePaths))
        var differing: Set<String> = []
        for (path, entry) in submitted where entry == .file && trustedFiles.contains(path) && !learnerFiles.contains(path) {
            let theirs = SubmissionFiles.status(root + "/" + path, relative: path)
            let ours = SubmissionFiles.status(trustedRoot + "/" + path, relative: path)
            guard theirs.size == ours.size, theirs.size <= SubmissionTree.comparedSizeLimit else {
                differing.insert(path)
                continue
            }
            let limit = Int(ours.size)
            if SubmissionFiles.readRegularFile(root + "/" + path, limit: limit) != SubmissionFiles.readRegularFile(trustedRoot + "/" + path, limit: limit) {
                differing.insert(path)
            }
        }
        return SubmissionAudit.flags(course: trustedFiles, submission: submitted, differing: differing, learnerFiles: learnerFiles)
    }

    /// Who submitted: the last commit's author and id, and `origin` without credentials, read
    /// as data (``SubmissionRepository``): git never runs in the submission's repository.
    public func student(git: Git?, scratch: String) async -> GradeReport.Student {
        guard let git else { return GradeReport.Student() }
        return await SubmissionRepository(git: git).student(of: root, scratch: scratch)
    }
}

public struct SubmissionError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "the submission \(path) \(problem)" }
}

/// Lists a checkout's files for comparison, without following links or entering build output.
public enum SubmissionTree {
    /// Folders that are build output or private state, in a course and in a submission alike.
    static func isIgnored(_ name: String) -> Bool {
        [".git", ".build", ".swiftpm", StateFolder.name, "DerivedData", "xcuserdata", ".DS_Store"].contains(name)
            || name.hasPrefix(".build-") || name.hasPrefix(".build_")
    }

    static func entry(at path: String) -> SubmissionAudit.Entry? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let type = attributes[.type] as? FileAttributeType
        else { return nil }
        switch type {
        case .typeSymbolicLink: return .symlink
        case .typeRegular: return FileManager.default.isReadableFile(atPath: path) ? .file : .unreadable
        default: return nil
        }
    }

    /// Every regular file, link and unreadable file below `root`, by relative path.
    public static func scan(_ root: String, limit: Int = 50_000) -> [String: SubmissionAudit.Entry] {
        var found: [String: SubmissionAudit.Entry] = [:]
        var pending = [""]
        while let relative = pending.popLast(), found.count < limit {
            let directory = relative.isEmpty ? root : root + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
                if !relative.isEmpty { found[relative] = .unreadable }
                continue
            }
            for name in names where !isIgnored(name) {
                let path = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                let absolute = root + "/" + path
                if let entry = entry(at: absolute) {
                    found[path] = entry
                } else if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue {
                    pending.append(path)
                }
            }
        }
        return found
    }

    /// The trusted course's files: what git tracks when it is a repository (so a grader's
    /// untracked reports are not mistaken for course files), else every file.
    public static func trustedFiles(_ root: String, git: Git?) async -> Set<String> {
        if FileManager.default.fileExists(atPath: root + "/.git"), let git, let result = try? await git.run(["ls-files", "-z"], in: root),
            result.succeeded
        {
            let files = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\0").map(String.init).filter { path in
                !path.split(separator: "/").contains { isIgnored(String($0)) } && FileManager.default.fileExists(atPath: root + "/" + path)
            }
            if !files.isEmpty { return Set(files) }
        }
        return Set(scan(root).filter { $0.value == .file }.keys)
    }

    /// Files larger than this are not compared byte for byte: a course file is far smaller, so
    /// a submission's file of this size differs.
    static let comparedSizeLimit: Int64 = 16 << 20
}
