import ActorlingsRuntime
import Foundation
import Testing

@Suite("Removing a folder a test run wrote")
struct FolderRemovalTests {
    @Test("Everything inside goes, nested folders included; a link is removed as a link, never followed")
    func linksAreNotFollowed() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-removal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let outside = "\(base)/outside"
        let scratch = "\(base)/scratch"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(scratch)/a/b/c", withIntermediateDirectories: true)
        for name in ["one", "two"] { try Data(name.utf8).write(to: URL(fileURLWithPath: "\(outside)/\(name)")) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: "\(scratch)/a/b/c/file"))
        try Data("y".utf8).write(to: URL(fileURLWithPath: "\(scratch)/top"))
        // What a swapped name looks like: a folder of the scratch replaced by a link to outside.
        try FileManager.default.createSymbolicLink(atPath: "\(scratch)/a/link", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: "\(scratch)/file-link", withDestinationPath: "\(outside)/one")

        FolderRemoval.removeTree(scratch)

        #expect(!FileManager.default.fileExists(atPath: scratch))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).sorted() == ["one", "two"])
    }

    @Test("A path that is a link or a file is unlinked itself")
    func linkAtTheTop() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-removal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        try FileManager.default.createDirectory(atPath: "\(base)/target", withIntermediateDirectories: true)
        try Data("z".utf8).write(to: URL(fileURLWithPath: "\(base)/target/kept"))
        try FileManager.default.createSymbolicLink(atPath: "\(base)/link", withDestinationPath: "\(base)/target")
        FolderRemoval.removeTree("\(base)/link")
        #expect(!FileManager.default.fileExists(atPath: "\(base)/link"))
        #expect(FileManager.default.fileExists(atPath: "\(base)/target/kept"))
    }
}
