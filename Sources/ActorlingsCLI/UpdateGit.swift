import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// The git commands `update` needs, run through the one `Git` service.
struct UpdateGit {
    struct Entry {
        var id: String
        var executable: Bool
    }

    let root: String
    let git: Git

    init(root: String, environment: [String: String]) throws {
        guard let git = Git(environment: environment) else {
            throw UsageError("git was not found on your PATH; update fetches the course with git")
        }
        self.root = root
        self.git = git
    }

    func run(_ arguments: [String], timeLimit: Duration = .seconds(300)) async throws -> Git.Output {
        try await git.run(arguments, in: root, timeLimit: timeLimit)
    }

    /// Fetches the course one commit deep and keeps it at `refs/actorlings/upstream`, so its
    /// objects stay for `reset`; returns the commit id.
    ///
    /// The commit is the one grading uses: the default branch's (HEAD, else main, else master)
    /// student workflow names a `course-ref`, and when that is a tag of the upstream, the tag is
    /// what is fetched. A commit that holds `Solutions/` anywhere is refused and its objects
    /// pruned: reference solutions never stay in a learner's repository.
    func fetch(_ source: String) async throws -> String {
        let incoming = "refs/actorlings/incoming"
        var last = ""
        var fetched = false
        for ref in ["HEAD", "main", "master"] {
            let result = try await run(["fetch", "--depth", "1", "--no-tags", "--quiet", "--", source, "+\(ref):\(incoming)"])
            if result.succeeded {
                fetched = true
                break
            }
            last = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard fetched else {
            throw UsageError(
                "could not fetch the course from \(source) (\(last.split(separator: "\n").last ?? "no branch HEAD, main or master")); "
                    + "give a git URL, the folder of a git checkout of the course, or a bundle made with `git bundle create course.bundle --all`")
        }
        let workflow = try await run(["show", "\(incoming):\(SubmissionAudit.studentWorkflow)"])
        if workflow.succeeded, let tag = GradingRelease.courseRef(inWorkflow: workflow.text) {
            let result = try await run(["fetch", "--depth", "1", "--no-tags", "--quiet", "--", source, "+refs/tags/\(tag):\(incoming)"])
            guard result.succeeded else {
                try await discard(incoming, prune: true)
                throw UsageError(
                    "the course at \(source) grades with \(tag), but that tag could not be fetched (\(result.problem)); ask your instructor to push the tag")
            }
        }
        let objects = try await run(["rev-list", "--objects", incoming])
        guard objects.succeeded else { throw UsageError("git rev-list \(incoming) failed: \(objects.problem)") }
        let paths = String(decoding: objects.standardOutput, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init)
        }
        if paths.contains(where: { $0 == "Solutions" || $0.hasPrefix("Solutions/") }) {
            try await discard(incoming, prune: true)
            throw UsageError(
                "\(source) holds the reference solutions (Solutions/), so it is not fetched; update from the published course "
                    + "(`Scripts/publish-template.sh course …` makes it), never from the instructor's private copy")
        }
        let move = try await run(["update-ref", "refs/actorlings/upstream", incoming])
        guard move.succeeded else { throw UsageError("git update-ref failed: \(move.problem)") }
        try await discard(incoming, prune: false)
        let commit = try await run(["rev-parse", "--verify", "refs/actorlings/upstream^{commit}"])
        guard commit.succeeded, !commit.text.isEmpty else { throw UsageError("the fetched course has no commit: \(commit.problem)") }
        return commit.text
    }

    /// Removes `ref`, and with `prune` every object only it reached.
    private func discard(_ ref: String, prune: Bool) async throws {
        _ = try await run(["update-ref", "-d", ref])
        guard prune else { return }
        _ = try await run(["reflog", "expire", "--expire=now", "--all"])
        _ = try await run(["gc", "--quiet", "--prune=now"])
    }

    /// Every regular file of `commit`: path → blob id and whether it is executable.
    func tree(_ commit: String) async throws -> [String: Entry] {
        let result = try await run(["ls-tree", "-r", "-z", "--full-tree", commit])
        guard result.succeeded else { throw UsageError("git ls-tree \(commit.prefix(12)) failed: \(result.standardError)") }
        var entries: [String: Entry] = [:]
        for record in String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\0") {
            // "<mode> blob <id>\t<path>"; links (120000) and submodules (160000) are never written.
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ")
            guard fields.count == 3, fields[1] == "blob", fields[0] == "100644" || fields[0] == "100755" else { continue }
            entries[String(record[record.index(after: tab)...])] = Entry(id: String(fields[2]), executable: fields[0] == "100755")
        }
        return entries
    }

    func trackedFiles() async throws -> Set<String> {
        let result = try await run(["ls-files", "-z"])
        guard result.succeeded else { throw UsageError("git ls-files failed: \(result.standardError)") }
        return Set(String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\0").map(String.init))
    }
}
