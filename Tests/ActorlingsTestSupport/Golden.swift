public import Foundation
public import Testing

/// The golden files of one test target: rendered output compared with a file kept in the
/// repository. With `ACTORLINGS_RECORD_GOLDEN=1` a comparison rewrites the file instead and
/// records an issue, so that a recording run never passes by accident (in CI, say).
public struct Golden: Sendable {
    public static let recordVariable = "ACTORLINGS_RECORD_GOLDEN"

    public let directory: URL

    /// - Parameter directory: the target's `Golden/` folder.
    public init(directory: URL) {
        self.directory = directory
    }

    /// A golden file's text, for a test that reads its input from the same folder.
    public func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Compares `actual` with `Golden/<name>`; a difference is reported at its first line.
    public func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment[Self.recordVariable] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("Recorded Golden/\(name); run again without \(Self.recordVariable) to compare.", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard let difference = Self.firstDifference(actual, expected) else { return }
        Issue.record(
            """
            Output differs from Golden/\(name) at line \(difference.line):
              expected: \(difference.expected.debugDescription)
              actual:   \(difference.actual.debugDescription)
            If the change is intended, run with \(Self.recordVariable)=1 and review the diff.
            """,
            sourceLocation: sourceLocation)
    }

    /// The first line where two texts differ (1-based), with both versions of it; nil when equal.
    public static func firstDifference(_ actual: String, _ expected: String) -> (line: Int, expected: String, actual: String)? {
        guard actual != expected else { return nil }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let index =
            zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actualLines.count, expectedLines.count)
        let got = index < actualLines.count ? String(actualLines[index]) : "<end>"
        let wanted = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
        return (index + 1, wanted, got)
    }
}
