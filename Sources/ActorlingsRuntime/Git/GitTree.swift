import Foundation

extension Git {
    /// The commit `ref` names in the repository at `root` (one the user owns, such as the
    /// trusted course), or nil when it is not a tag, branch or commit there.
    public func commit(of ref: String, in root: String) async -> String? {
        guard let commit = try? await run(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], in: root, timeLimit: .seconds(30)),
            commit.succeeded, !commit.text.isEmpty
        else { return nil }
        return commit.text
    }

    /// The regular files of `ref`'s tree in the repository at `root` (one the user owns, such as
    /// the trusted course): path → blob id. Nil when `ref` is not a tag or commit there.
    public func files(of ref: String, in root: String) async -> [String: String]? {
        guard let commit = await commit(of: ref, in: root),
            let listing = try? await run(["ls-tree", "-r", "-z", "--full-tree", commit], in: root), listing.succeeded
        else { return nil }
        var files: [String: String] = [:]
        for record in String(decoding: listing.standardOutput, as: UTF8.self).split(separator: "\0") {
            // "<mode> blob <id>\t<path>"; links and submodules are not files of the course.
            guard let tab = record.firstIndex(of: "\t") else { continue }
            let fields = record[..<tab].split(separator: " ")
            guard fields.count == 3, fields[1] == "blob", fields[0] == "100644" || fields[0] == "100755" else { continue }
            files[String(record[record.index(after: tab)...])] = String(fields[2])
        }
        return files
    }
}
