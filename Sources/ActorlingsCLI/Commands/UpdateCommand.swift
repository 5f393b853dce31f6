import ActorlingsCore
import ActorlingsRuntime
import Foundation

/// `actorlings update`: the course's fixes reach a learner's checkout without a merge. The
/// upstream (a URL, a checkout's path or a bundle) is fetched into `refs/actorlings/upstream`
/// — no history is joined, so a Classroom copy's unrelated history is no obstacle — and its
/// files are compared with the checkout's by blob id (`CourseUpdatePlan`). Everything replaced
/// is backed up in `.actorlings/updates/<time>/`, which `update --undo` restores.
struct UpdateCommand: CourseCommand {
    static let upstreamFile = StateFolder.relativeUpstream
    static let updatesFolder = StateFolder.relativeUpdates

    /// The upstream to fetch; nil: the one remembered from the last update.
    var source: String?
    /// `--undo`: restore what the last update changed.
    var undo: Bool
    var name: String { "update" }
    var needs: CommandNeeds { [.lock] }

    static func parse(_ words: CommandWords) throws(UsageError) -> any ActorlingsCommand {
        try words.reject(allowing: ["--undo"])
        let source = try words.optionalOne()
        if words.flags.contains("--undo"), source != nil {
            throw UsageError("`update --undo` takes no source: it restores what the last update changed", command: words.name)
        }
        return UpdateCommand(source: source, undo: words.flags.contains("--undo"))
    }

    func run(in session: Session) async throws -> ExitCode {
        if undo { return try undoUpdate(session) }
        let (console, palette, root, command) = (session.console, session.palette, session.root, session.command)
        let remembered = (try? String(contentsOfFile: root + "/" + Self.upstreamFile, encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let given = source ?? remembered, !given.isEmpty else {
            throw UsageError(
                "name the course's upstream once: `\(command) update URL`, a checkout's folder, or a git bundle file; later updates reuse it",
                command: "update")
        }
        guard FileManager.default.fileExists(atPath: root + "/.git") else {
            throw UsageError("update needs this checkout to be a git repository (it keeps the course's files in its objects); \(root) is not one")
        }
        // A local path is kept absolute, so a later update works from any folder.
        let local = session.absolutePath(given)
        let upstreamSource = FileManager.default.fileExists(atPath: local) ? URL(fileURLWithPath: local).standardizedFileURL.path : given
        let git = try UpdateGit(root: root, environment: session.environment)
        console.write("Fetching the course from \(upstreamSource)…\n")
        let commit = try await git.fetch(upstreamSource)
        let upstream = try await git.tree(commit)
        let tracked = try await git.trackedFiles()
        var localIDs: [String: String] = [:]
        for path in Set(upstream.keys).union(tracked) {
            if let data = FileManager.default.contents(atPath: root + "/" + path) { localIDs[path] = GitBlobID.of(Array(data)) }
        }
        var ignored: [String] = []
        if !FileManager.default.fileExists(atPath: root + "/Solutions") { ignored.append("Solutions/") }
        // The instructor's workflows (grading, the project's CI) stay out of a copy that has none.
        for path in upstream.keys where SubmissionAudit.isPrivate(path) && !path.hasPrefix("Solutions/") {
            if !FileManager.default.fileExists(atPath: root + "/" + path) { ignored.append(path) }
        }
        let plan = CourseUpdatePlan(
            upstream: upstream.mapValues(\.id), local: localIDs, tracked: tracked, learnerPaths: Set(session.course.exercises.flatMap(\.sourcePaths)),
            oldShipped: session.shipped.ids, ignored: ignored)
        try? AtomicFile.write(upstreamSource + "\n", to: root + "/" + Self.upstreamFile)
        guard !plan.isEmpty else {
            console.write("The course is already up to date (\(commit.prefix(12))).\n")
            return .success
        }
        let stamp = Self.timestamp()
        let backup = root + "/" + Self.updatesFolder + "/" + stamp
        var record = UpdateRecord(header: "actorlings update from \(upstreamSource) at \(commit)", entries: [])
        for action in plan.actions where action.touchesDisk {
            let path = root + "/" + action.path
            let written: UpdateRecord.Written = upstream[action.path].map { .blob($0.id) } ?? .removed
            let existed = FileManager.default.fileExists(atPath: path)
            if existed {
                try FileManager.default.createDirectory(
                    atPath: URL(fileURLWithPath: backup + "/before/" + action.path).deletingLastPathComponent().path, withIntermediateDirectories: true)
                try FileManager.default.copyItem(atPath: path, toPath: backup + "/before/" + action.path)
            }
            record.add(action.path, existed: existed, written: written)
        }
        try AtomicFile.write(record.render(), to: backup + "/record.txt")
        let objects = GitObjects(root: root, git: git.git)
        var differences = ""
        for action in plan.actions {
            guard let entry = upstream[action.path] else {
                try? FileManager.default.removeItem(atPath: root + "/" + action.path)
                continue
            }
            let data = try await objects.blob(entry.id)
            if case .keepLearner = action {
                try AtomicFile.write(data, to: backup + "/course/" + action.path)
                differences += try await difference(action.path, new: data, objects: objects, savedAt: backup + "/course/" + action.path, session)
                continue
            }
            try AtomicFile.write(data, to: root + "/" + action.path)
            if entry.executable {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/" + action.path)
            }
        }
        console.write(plan.summary(palette: palette))
        console.write(differences)
        if plan.changesTool {
            console.write("The tool itself changed: `swift run actorlings` rebuilds it when it next starts.\n")
        }
        console.write(
            "Updated to the course at \(commit.prefix(12)). Replaced files are backed up in \(Self.updatesFolder)/\(stamp)/; "
                + "`\(command) update --undo` puts them back.\n")
        return .success
    }

    /// What the course changed in a file the learner has worked on: old shipped → new, or, when
    /// the old shipped text is not in this repository, the learner's file → new.
    private func difference(_ path: String, new: Data, objects: GitObjects, savedAt: String, _ session: Session) async throws -> String {
        let (palette, root) = (session.palette, session.root)
        let newText = String(decoding: new, as: UTF8.self)
        var header = palette.apply(.bold, "\n\(path)") + ": the course's new version is in \(savedAt.dropFirst(root.count + 1))\n"
        let base: String
        if let id = session.shipped.ids[path], let old = try? await objects.blob(id) {
            header += "What the course changed (as shipped before → now):\n"
            base = String(decoding: old, as: UTF8.self)
        } else {
            header += "Your file → the course's new version:\n"
            base = (try? String(contentsOfFile: root + "/" + path, encoding: .utf8)) ?? ""
        }
        return header + LineDiff.render(LineDiff.diff(base, newText), palette: palette)
    }

    /// Puts back what the last update changed, and marks it undone. A file changed since the
    /// update is kept as it is, copied to the backup's `after/` folder, and named.
    private func undoUpdate(_ session: Session) throws -> ExitCode {
        let (console, palette, root) = (session.console, session.palette, session.root)
        let folder = root + "/" + Self.updatesFolder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasSuffix(".undone") }.sorted()
        guard let last = names.last else {
            console.write("There is no update to undo.\n")
            return .failure
        }
        let backup = folder + "/" + last
        guard let text = try? String(contentsOfFile: backup + "/record.txt", encoding: .utf8) else {
            throw UsageError("\(Self.updatesFolder)/\(last)/record.txt is missing or unreadable: that update cannot be undone automatically")
        }
        let record = UpdateRecord.parse(text)
        var current: [String: String] = [:]
        for entry in record.entries {
            if let data = FileManager.default.contents(atPath: root + "/" + entry.path) { current[entry.path] = GitBlobID.of(Array(data)) }
        }
        var restored = 0
        var kept: [String] = []
        for step in record.undo(current: current) {
            switch step {
            case .restore(let path):
                guard let data = FileManager.default.contents(atPath: backup + "/before/" + path) else { continue }
                try AtomicFile.write(data, to: root + "/" + path)
                let attributes = try? FileManager.default.attributesOfItem(atPath: backup + "/before/" + path)
                if let permissions = attributes?[.posixPermissions] {
                    try? FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: root + "/" + path)
                }
                restored += 1
            case .remove(let path):
                try? FileManager.default.removeItem(atPath: root + "/" + path)
                restored += 1
            case .keepChanged(let path):
                if let data = FileManager.default.contents(atPath: root + "/" + path) {
                    try AtomicFile.write(data, to: backup + "/after/" + path)
                }
                kept.append(path)
            }
        }
        try FileManager.default.moveItem(atPath: backup, toPath: backup + ".undone")
        console.write("Undid the update of \(last): \(restored) file\(restored == 1 ? "" : "s") put back as they were.\n")
        if !kept.isEmpty {
            console.write(
                palette.apply(.boldYellow, "Kept as you changed them after the update (\(kept.count)):") + "\n"
                    + kept.map { "  \(UntrustedText.line($0))\n" }.joined()
                    + "A copy of each is in \(Self.updatesFolder)/\(last).undone/after/; "
                    + "what they were before the update is in \(Self.updatesFolder)/\(last).undone/before/.\n")
        }
        return .success
    }

    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
