import ActorlingsTestSupport
import Foundation

/// This target's golden files, in `Tests/ActorlingsCoreTests/Golden`.
let goldenFiles = Golden(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden"))
