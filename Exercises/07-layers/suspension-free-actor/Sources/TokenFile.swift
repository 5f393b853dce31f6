// The token file belongs to the app's storage team: this exercise doesn't change it.

import Foundation

/// The token in a file, through `FileManager`, which is safe to use from any thread, at any
/// time. The file is small and on the device: reading or writing it takes no waiting.
nonisolated struct TokenFile: TokenStorage {
    private let path: String

    private init(path: String) {
        self.path = path
    }

    /// A token file of its own, not written yet, under a new name in the temporary folder.
    static func newInTemporaryFolder() -> TokenFile {
        TokenFile(path: NSTemporaryDirectory() + "/session-\(UUID().uuidString).token")
    }

    func read() throws -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func write(_ token: String) throws {
        try token.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func delete() throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try FileManager.default.removeItem(atPath: path)
    }
}
