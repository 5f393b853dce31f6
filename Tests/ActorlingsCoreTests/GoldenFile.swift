import Foundation
import Testing

/// Compares rendered output with `Golden/<name>`; with `ACTORLINGS_RECORD_GOLDEN=1` it rewrites
/// the file instead and fails, so a recording is never mistaken for a pass.
enum GoldenFile {
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["ACTORLINGS_RECORD_GOLDEN"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("Recorded \(name); run again without ACTORLINGS_RECORD_GOLDEN to compare.", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "\(name) differs; if the change is intended, record it with ACTORLINGS_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
    }
}
