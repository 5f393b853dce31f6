public import ActorlingsCore
import Foundation

/// A learner's checkout graded against a trusted course: only each exercise's declared `files`
/// are taken from it. Nothing in it is executed by the grader except, as always, the learner's
/// own code inside the test binary; its other files are only compared with the course's.
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

    /// Copies what the checker compiles for `exercise` into `staging/<exercise.learnerDirectory>`:
    /// the course's own files of that folder (e.g. files learners must not change), then, over
    /// them, the submission's learner files — regular files only, never a link. A learner file
    /// that is missing or unreadable is left out, and the checker reports it by name.
    /// Returns the folder to give the checker as `sourceDirectory`.
    public func stage(_ exercise: Exercise, trustedRoot: String, staging: String) throws -> String {
        let target = staging + "/" + exercise.learnerDirectory
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let courseSources = trustedRoot + "/" + exercise.learnerDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: courseSources)) ?? [] where !exercise.files.contains(name) {
            if let data = FileManager.default.contents(atPath: courseSources + "/" + name) {
                try data.write(to: URL(fileURLWithPath: target + "/" + name))
            }
        }
        for name in exercise.files {
            let path = root + "/" + exercise.learnerDirectory + "/" + name
            guard SubmissionTree.entry(at: path) == .file, let data = FileManager.default.contents(atPath: path) else { continue }
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: target + "/" + name).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: target + "/" + name))
        }
        return target
    }

    /// The submission's learner file, as text, when it is a readable regular file.
    public func learnerText(_ path: String) -> String? {
        let absolute = root + "/" + path
        guard SubmissionTree.entry(at: absolute) == .file, let data = FileManager.default.contents(atPath: absolute) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Every file that differs from the trusted course outside the learner files.
    public func audit(course: Course, trustedFiles: Set<String>, trustedRoot: String) -> [SubmissionFlag] {
        let submitted = SubmissionTree.scan(root)
        let learnerFiles = Set(course.exercises.flatMap(\.sourcePaths))
        var differing: Set<String> = []
        for (path, entry) in submitted where entry == .file && trustedFiles.contains(path) && !learnerFiles.contains(path) {
            if FileManager.default.contents(atPath: root + "/" + path) != FileManager.default.contents(atPath: trustedRoot + "/" + path) {
                differing.insert(path)
            }
        }
        return SubmissionAudit.flags(course: trustedFiles, submission: submitted, differing: differing, learnerFiles: learnerFiles)
    }

    /// Who submitted: the last commit's author and id, and `origin` without credentials. Read
    /// with git only when the submission is a repository of its own, with the repository's
    /// file-system monitor and hooks switched off, so its configuration runs nothing.
    public func student(environment: [String: String]) async -> GradeReport.Student {
        guard FileManager.default.fileExists(atPath: root + "/.git"),
            let git = ExecutableSearch.find("git", environment: environment)
        else { return GradeReport.Student() }
        var clean = environment.filter { !$0.key.hasPrefix("GIT_") }
        clean["GIT_CEILING_DIRECTORIES"] = URL(fileURLWithPath: root).deletingLastPathComponent().path
        func run(_ arguments: [String]) async -> String? {
            let safe = ["-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "safe.directory=*", "-C", root]
            guard
                let result = try? await Subprocess.run(
                    ProcessRequest(executable: git, arguments: safe + arguments, environment: clean, timeLimit: .seconds(30))),
                case .exited(0) = result.termination
            else { return nil }
            let text = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : text
        }
        let head = await run(["log", "-1", "--format=%H%n%an%n%ae"])?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        let origin = await run(["remote", "get-url", "origin"]).map(RepositoryAddress.redacted)
        return GradeReport.Student(
            name: head.count > 1 && !head[1].isEmpty ? head[1] : nil, email: head.count > 2 && !head[2].isEmpty ? head[2] : nil,
            repository: origin, commit: head.first)
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
        [".git", ".build", ".swiftpm", ".actorlings", "DerivedData", "xcuserdata", ".DS_Store"].contains(name)
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
    /// untracked reports are not mistaken for course files), else every file. A CI container
    /// often runs as another user than the checkout's owner, hence `safe.directory`.
    public static func trustedFiles(_ root: String, environment: [String: String]) async -> Set<String> {
        if FileManager.default.fileExists(atPath: root + "/.git"), let git = ExecutableSearch.find("git", environment: environment),
            let result = try? await Subprocess.run(
                ProcessRequest(
                    executable: git, arguments: ["-c", "safe.directory=*", "-C", root, "ls-files", "-z"], environment: environment, timeLimit: .seconds(60))),
            case .exited(0) = result.termination
        {
            let files = result.output.split(separator: "\0").map(String.init).filter { path in
                !path.split(separator: "/").contains { isIgnored(String($0)) } && FileManager.default.fileExists(atPath: root + "/" + path)
            }
            if !files.isEmpty { return Set(files) }
        }
        return Set(scan(root).filter { $0.value == .file }.keys)
    }
}
