public import Foundation

/// Reads shipped file contents out of the local git repository by blob id, so `reset` can
/// restore an exercise even after the learner committed their own changes over it.
public struct GitObjects: Sendable {
    public let root: String
    public let environment: [String: String]

    public init(root: String, environment: [String: String]) {
        self.root = root
        self.environment = environment
    }

    public func blob(_ id: String) async throws -> Data {
        guard let git = ExecutableSearch.find("git", environment: environment) else { throw GitError.gitNotFound }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-blob-\(id)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        // `git cat-file` writes to a file (via --filters off, plain blob) so binary-safe content
        // never goes through the text-decoded output capture.
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: "/bin/sh",
                arguments: ["-c", "exec \"$0\" -C \"$1\" cat-file blob \"$2\" > \"$3\"", git, root, id, temporary.path],
                environment: environment, timeLimit: .seconds(30)))
        guard case .exited(0) = result.termination, let data = FileManager.default.contents(atPath: temporary.path) else {
            throw GitError.objectMissing(id: id, detail: result.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return data
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

extension GitObjects {
    /// The trimmed output of a successful git command in the checkout, or nil.
    public func output(_ arguments: [String]) async -> String? {
        guard let git = ExecutableSearch.find("git", environment: environment),
            let result = try? await Subprocess.run(
                ProcessRequest(
                    executable: git, arguments: ["-C", root] + arguments, environment: environment, timeLimit: .seconds(30))),
            case .exited(0) = result.termination
        else { return nil }
        let text = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
