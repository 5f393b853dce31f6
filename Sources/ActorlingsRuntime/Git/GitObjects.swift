public import Foundation

/// Reads shipped file contents out of the local git repository by blob id, so `reset` can
/// restore an exercise even after the learner committed their own changes over it.
public struct GitObjects: Sendable {
    public let root: String
    let git: Git?

    public init(root: String, environment: [String: String]) {
        self.init(root: root, git: Git(environment: environment))
    }

    /// With git already located (a command that also runs other git commands).
    public init(root: String, git: Git?) {
        self.root = root
        self.git = git
    }

    public func blob(_ id: String) async throws -> Data {
        guard let git else { throw GitError.gitNotFound }
        // A plain blob, written to a file by `Git.run`: binary content is never decoded as text.
        let result = try await git.run(["cat-file", "blob", id], in: root, timeLimit: .seconds(30))
        guard result.succeeded else {
            throw GitError.objectMissing(id: id, detail: result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return result.standardOutput
    }

    /// The trimmed output of a successful git command in the checkout, or nil.
    public func output(_ arguments: [String]) async -> String? {
        await git?.output(arguments, in: root)
    }
}

public enum GitError: Error, Sendable, CustomStringConvertible {
    case gitNotFound
    case objectMissing(id: String, detail: String)

    public var description: String {
        switch self {
        case .gitNotFound:
            "git was not found on your PATH; reset restores files from the repository's history, so it needs git."
        case .objectMissing(let id, let detail):
            "the shipped version of this file (git object \(id.prefix(12))) is not in this repository's history\(detail.isEmpty ? "" : " (\(detail))"). Reset works in a git clone of Actorlings; `git fetch` may bring it back."
        }
    }
}
