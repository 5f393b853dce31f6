import Foundation
import Testing

@Suite("dev generate")
struct DevGenerateTests {
    @Test("A shipped.txt left broken by a merge is written afresh, not refused")
    func brokenShippedFilesAreRegenerated() async throws {
        let root = try TestPaths.copyOfFixtureCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = "\(root)/Exercises/shipped.txt"
        let first = try await runActorlings(["dev", "generate"], in: root)
        #expect(first.status == 0, "\(first.errors)")
        let generated = try String(contentsOfFile: path, encoding: .utf8)

        let lines = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let conflicted = (["<<<<<<< HEAD"] + lines.prefix(1) + ["======="] + lines.prefix(1) + [">>>>>>> other"] + lines.dropFirst())
            .joined(separator: "\n")
        try conflicted.write(toFile: path, atomically: true, encoding: .utf8)
        // Other commands still refuse it, naming the line…
        let list = try await runActorlings(["list"], in: root)
        #expect(list.status != 0)
        #expect(list.errors.contains("Exercises/shipped.txt:1:"))
        // …and `dev generate` writes it as it should be.
        let again = try await runActorlings(["dev", "generate"], in: root)
        #expect(again.status == 0, "\(again.errors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == generated)
    }
}
