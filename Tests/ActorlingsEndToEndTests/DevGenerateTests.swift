import ActorlingsTestSupport
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

    /// A shipped `Exercises/test-references.txt` edited one way, and what `dev check` must say.
    struct StaleReferences: Sendable, CustomTestStringConvertible {
        var change: String
        var edit: @Sendable (String) -> String
        var says: String
        var testDescription: String { change }
    }

    static let staleReferences: [StaleReferences] = [
        StaleReferences(
            change: "a name the tests no longer use, one they use missing",
            edit: { $0.replacingOccurrences(of: "[passing]\nadd\n", with: "[passing]\nsubtract\n") },
            says: "Exercises/test-references.txt: [passing] is out of date with its reference solution (+add, -subtract)"),
        StaleReferences(
            change: "the exercise's section removed",
            edit: { $0.replacingOccurrences(of: "[passing]\nadd\n", with: "") },
            says: "Exercises/test-references.txt: has no [passing] section; run `swift run actorlings dev generate`"),
        StaleReferences(
            change: "the file removed", edit: { _ in "" }, says: "has no [passing] section"),
    ]

    @Test("dev check fails when what the tests use of the reference solution is not what the course ships", arguments: staleReferences)
    func staleTestReferences(_ stale: StaleReferences) async throws {
        let root = try TestPaths.copyOfFixtureCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = "\(root)/Exercises/test-references.txt"
        let shipped = try String(contentsOfFile: path, encoding: .utf8)
        let edited = stale.edit(shipped)
        if edited.isEmpty { try FileManager.default.removeItem(atPath: path) } else { try edited.write(toFile: path, atomically: true, encoding: .utf8) }

        let result = try await runActorlings(["dev", "check", "passing", "--color", "never"], in: root)
        #expect(result.status == 1)
        #expect(result.output.contains(stale.says), "\(result.output)\(result.errors)")
    }

    @Test("dev generate writes what the tests use of each reference solution: the fixture's shipped file")
    func generatesTestReferences() async throws {
        let root = try TestPaths.copyOfFixtureCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = "\(root)/Exercises/test-references.txt"
        let shipped = try String(contentsOfFile: path, encoding: .utf8)
        try FileManager.default.removeItem(atPath: path)
        let result = try await runActorlings(["dev", "generate"], in: root)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("Wrote Exercises/test-references.txt (5 exercises, 5 names)."))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == shipped)
    }
}
