public import ActorlingsCore
import Foundation

extension Toolchain {
    /// The toolchain's own list of diagnostics, `usr/share/swift/diagnostics/en.strings` next to
    /// the real `swiftc` (symbolic links resolved); nil when this installation has none.
    public var diagnosticStringsPath: String? {
        let swiftc = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
        let usr = swiftc.deletingLastPathComponent().deletingLastPathComponent()
        let path = usr.appendingPathComponent("share/swift/diagnostics/en.strings").path
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    /// The concurrency catalog derived from this toolchain's list, or nil without one.
    public func diagnosticCatalog() throws -> DiagnosticCatalog? {
        guard let path = diagnosticStringsPath else { return nil }
        return DiagnosticCatalog.derive(fromStrings: try String(contentsOfFile: path, encoding: .utf8))
    }
}
