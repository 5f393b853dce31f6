public import Foundation

/// Writes files so that a reader sees the old content or the new one, never half of either.
///
/// The content goes to a temporary file in the same directory (so the rename stays on one file
/// system), is flushed to disk, and is renamed over the target.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // One name per write, not per process: two writers in one process must not share it.
        let temporary = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8)).tmp")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
            if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }
}
