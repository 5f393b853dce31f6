import Foundation

/// Reads a file from `Tests/ActorlingsCoreTests/Fixtures` (kept out of the target's resources,
/// so it is read from the source tree).
func fixture(_ name: String) throws -> String {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
}
