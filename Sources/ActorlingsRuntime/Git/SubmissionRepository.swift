public import ActorlingsCore
import Foundation

/// A student's git repository, read as data.
///
/// Git never runs inside it: its configuration, hooks and attributes (which can name programs
/// git runs — see ``Git``) are never read by git. What is needed is read like this:
/// - its `origin` and object format are parsed from `.git/config` as text;
/// - its objects and refs are copied, regular files only (no link followed, no `alternates`,
///   a size limit), into a bare repository this tool creates with a fresh configuration and
///   no templates, and git reads that copy;
/// - a bare repository given to `class grade` is cloned from that copy, never from itself, and
///   a bundle or URL is cloned with the same fresh configuration (a clone's checkout uses only
///   the new repository's configuration, so a `.gitattributes` naming a filter runs nothing).
public struct SubmissionRepository: Sendable {
    /// The most a repository's objects may weigh before it is refused: a student's copy of the
    /// course with its history is a few MB.
    public static let sizeLimit: Int64 = 512 << 20
    /// The most files a repository's objects and refs may count (a packed history has a few).
    public static let fileLimit = 100_000

    let git: Git

    public init(git: Git) {
        self.git = git
    }

    /// The submission's author, commit and `origin` when `root/.git` is a repository folder;
    /// an empty identity otherwise (no repository, or a `.git` file pointing elsewhere).
    public func student(of root: String, scratch: String) async -> GradeReport.Student {
        let gitDirectory = root + "/.git"
        guard SubmissionFiles.status(gitDirectory, relative: ".git").kind == .directory else { return GradeReport.Student() }
        let config = SubmissionFiles.readRegularFile(gitDirectory + "/config", limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let origin = SubmissionGitData.values(of: "remote.origin.url", in: config).first.map(RepositoryAddress.redacted)
        var student = GradeReport.Student(repository: origin)
        guard let copy = try? await copy(gitDirectory, to: scratch + "/identity.git", config: config),
            let commit = headCommit(of: copy),
            // The object's size from its header first: a commit that inflates to gigabytes is not written out.
            let size = try? await git.run(["--git-dir=\(copy)", "cat-file", "-s", commit], in: nil), size.succeeded,
            let bytes = Int(size.text), bytes <= 1 << 20,
            let raw = try? await git.run(["--git-dir=\(copy)", "cat-file", "commit", commit], in: nil, outputLimit: 1 << 20), raw.succeeded,
            let author = SubmissionGitData.author(ofCommit: String(decoding: raw.standardOutput, as: UTF8.self))
        else { return student }
        student.commit = commit
        student.name = author.name.isEmpty ? nil : author.name
        student.email = author.email.isEmpty ? nil : author.email
        return student
    }

    /// A bundle, a bare repository or a URL, cloned into `destination` with a fresh configuration.
    /// Returns the `origin` to report: the bare repository's own (as data), or the URL.
    public func clone(_ source: Source, into destination: String, scratch: String) async throws(SubmissionError) -> String? {
        let from: String
        var origin: String?
        switch source {
        case .url(let url):
            from = url
            origin = RepositoryAddress.redacted(url)
        case .bundle(let path):
            from = path
        case .bareRepository(let path):
            let config = SubmissionFiles.readRegularFile(path + "/config", limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) } ?? ""
            origin = SubmissionGitData.values(of: "remote.origin.url", in: config).first.map(RepositoryAddress.redacted)
            do {
                from = try await copy(path, to: scratch + "/source.git", config: config)
            } catch {
                throw SubmissionError(path: path, problem: "could not be read as a repository: \(error)")
            }
        }
        let result: Git.Output
        do {
            result = try await git.run(
                ["clone", "--quiet", "--no-local", "--template=", "--no-recurse-submodules", "--", from, destination], in: nil,
                timeLimit: .seconds(300))
        } catch {
            throw SubmissionError(path: source.shown, problem: "could not be cloned: \(error)")
        }
        guard result.succeeded else {
            throw SubmissionError(
                path: source.shown, problem: "could not be cloned: \(UntrustedText.line(RepositoryAddress.redacted(result.problem)))")
        }
        return origin
    }

    public enum Source: Sendable {
        case url(String)
        case bundle(String)
        case bareRepository(String)

        var shown: String {
            switch self {
            case .url(let url): RepositoryAddress.redacted(url)
            case .bundle(let path), .bareRepository(let path): path
            }
        }
    }

    /// The commit `HEAD` of a copy names, read from its files (no git run needed).
    func headCommit(of copy: String) -> String? {
        func text(_ path: String) -> String? {
            SubmissionFiles.readRegularFile(copy + "/" + path, limit: 1 << 20).map { String(decoding: $0, as: UTF8.self) }
        }
        guard let head = text("HEAD") else { return nil }
        return SubmissionGitData.headCommit(head: head, looseRef: text, packedRefs: text("packed-refs"))
    }

    /// A bare repository at `destination` made by `git init` with a fresh configuration, holding
    /// copies of `gitDirectory`'s objects, refs and `HEAD`: regular files only, links and
    /// `alternates` left out, at most ``sizeLimit`` bytes and ``fileLimit`` files in all.
    func copy(_ gitDirectory: String, to destination: String, config: String) async throws -> String {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: destination).deletingLastPathComponent().path, withIntermediateDirectories: true)
        let format = SubmissionGitData.values(of: "extensions.objectformat", in: config).last?.lowercased() == "sha256" ? "sha256" : "sha1"
        let initialized = try await git.run(["init", "--quiet", "--bare", "--template=", "--object-format=\(format)", destination], in: nil)
        guard initialized.succeeded else { throw CopyError(problem: "git init failed: \(initialized.problem)") }
        var budget = (bytes: Self.sizeLimit, files: Self.fileLimit)
        for item in ["objects", "refs"] {
            try copyTree(gitDirectory + "/" + item, to: destination + "/" + item, budget: &budget)
        }
        for file in ["HEAD", "packed-refs"] {
            if let data = SubmissionFiles.readRegularFile(gitDirectory + "/" + file, limit: 1 << 20) {
                try data.write(to: URL(fileURLWithPath: destination + "/" + file))
            }
        }
        return destination
    }

    struct CopyError: Error, CustomStringConvertible {
        var problem: String
        var description: String { problem }
    }

    private func copyTree(_ source: String, to destination: String, budget: inout (bytes: Int64, files: Int)) throws {
        // The folder itself is not followed either: `.git/objects` linked to another repository's is not this one's.
        guard SubmissionFiles.status(source, relative: "").kind == .directory else { return }
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? source : source + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                let path = relative.isEmpty ? name : relative + "/" + name
                // Another object store to read from is not part of this repository.
                if path == "info/alternates" || path == "info/http-alternates" { continue }
                budget.files -= 1
                guard budget.files >= 0 else { throw CopyError(problem: "its history has more than \(Self.fileLimit) files") }
                let status = SubmissionFiles.status(source + "/" + path, relative: path)
                switch status.kind {
                case .directory:
                    try FileManager.default.createDirectory(atPath: destination + "/" + path, withIntermediateDirectories: true)
                    pending.append(path)
                case .regularFile:
                    budget.bytes -= status.size
                    guard budget.bytes >= 0 else { throw CopyError(problem: "its history is larger than \(Self.sizeLimit >> 20) MB") }
                    _ = SubmissionFiles.copyRegularFile(source + "/" + path, to: destination + "/" + path, limit: status.size)
                case .symbolicLink, .other, .missing:
                    continue
                }
            }
        }
    }
}
