public import ActorlingsCore
import Foundation

extension Toolchain {
    /// The toolchain's own list of diagnostics, `usr/share/swift/diagnostics/en.strings` of the
    /// installation the compiler reports (``installation``); nil when it has none.
    public var diagnosticStringsPath: String? {
        let path = installation + "/share/swift/diagnostics/en.strings"
        return FileManager.default.isReadableFile(atPath: path) ? path : nil
    }

    /// The concurrency catalog derived from this toolchain's list, or nil without one.
    public func diagnosticCatalog() throws -> DiagnosticCatalog? {
        guard let path = diagnosticStringsPath else { return nil }
        return DiagnosticCatalog.derive(fromStrings: try String(contentsOfFile: path, encoding: .utf8))
    }
}
