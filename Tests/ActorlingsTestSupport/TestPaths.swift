public import Foundation

/// Where the tests' files are: the repository, the fixture courses and golden files (kept with
/// the end-to-end tests, `Tests/ActorlingsEndToEndTests/Fixtures` and `Golden`, which the
/// in-process CLI tests read too), and the built binary.
public enum TestPaths {
    /// The repository's root: this file is `Tests/ActorlingsTestSupport/TestPaths.swift`.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// The folder that holds `Fixtures/` and `Golden/`.
    public static let testsDirectory = URL(fileURLWithPath: repositoryRoot).appendingPathComponent("Tests/ActorlingsEndToEndTests")
    public static let fixtureCourse = testsDirectory.appendingPathComponent("Fixtures/course").path

    /// The `actorlings` binary SwiftPM built next to the test bundle.
    public static var binary: String { TestProcess.actorlingsBinary }

    /// A private copy of the fixture course, so checks can write `.actorlings/` freely.
    public static func copyOfFixtureCourse() throws -> String {
        try copyOfFixture(named: "course")
    }

    /// A private copy of the fixture course named `name` (a folder of `Fixtures/`).
    public static func copyOfFixture(named name: String) throws -> String {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("actorlings-\(name)-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: testsDirectory.appendingPathComponent("Fixtures/\(name)").path, toPath: destination)
        return destination
    }
}

/// The golden files of the CLI and end-to-end tests, in `Tests/ActorlingsEndToEndTests/Golden`.
public let goldenFiles = Golden(directory: TestPaths.testsDirectory.appendingPathComponent("Golden"))
