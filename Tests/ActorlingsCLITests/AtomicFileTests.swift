import ActorlingsRuntime
import Foundation
import Testing

@Suite("Writing a file atomically")
struct AtomicFileTests {
    /// Two writers of one process used to share one temporary name: one truncated the other's
    /// half-written file, or renamed it away first and made the other's rename fail.
    @Test("Many writers in one process at once: every write succeeds and the file holds one of them whole")
    func concurrentWritersInOneProcess() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-atomic-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/progress.json"
        let contents = (0..<16).map { String(repeating: "\($0 % 10)", count: 200_000) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for text in contents {
                group.addTask { try AtomicFile.write(Data(text.utf8), to: target) }
            }
            try await group.waitForAll()
        }
        let final = try String(contentsOfFile: target, encoding: .utf8)
        #expect(contents.contains(final))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["progress.json"], "no temporary file is left behind")
    }
}
