public import ActorlingsCore
import Foundation

/// The Swift toolchain that compiles exercises: where `swiftc` is, its version, and the flags
/// that find Swift Testing on this platform.
public struct Toolchain: Sendable {
    public var swiftc: String
    public var version: ToolchainVersion
    /// Flags that let a module `import Testing` (search paths); empty where the default works.
    public var testingCompileFlags: [String]
    /// Flags that let a test binary link and load Swift Testing.
    public var testingLinkFlags: [String]
    /// The toolchain's `usr` folder as the compiler itself reports it (`-print-target-info`'s
    /// runtime resource path): seen through Xcode's `/usr/bin` shims, swiftly's proxies and
    /// symbolic links alike. Nil when the compiler did not say; `swiftc`'s folder is used then.
    public var usr: String?

    public init(
        swiftc: String, version: ToolchainVersion, testingCompileFlags: [String] = [], testingLinkFlags: [String] = [], usr: String? = nil
    ) {
        self.swiftc = swiftc
        self.version = version
        self.testingCompileFlags = testingCompileFlags
        self.testingLinkFlags = testingLinkFlags
        self.usr = usr
    }

    /// ``usr``, or the folder above the real `swiftc` when the compiler did not report it.
    public var installation: String {
        usr ?? URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// Finds `swiftc` (`ACTORLINGS_SWIFTC`, else the first on `PATH`), asks its version and
    /// checks it against the course's minimum.
    public static func locate(environment: [String: String], minimum: ToolchainVersion) async throws -> Toolchain {
        guard
            let swiftc = environment["ACTORLINGS_SWIFTC"].flatMap({ $0.isEmpty ? nil : $0 })
                ?? ExecutableSearch.find("swiftc", environment: environment)
        else {
            throw ToolchainError.notFound
        }
        // One run gives the version and where the toolchain really is (a shim or proxy forwards it).
        var result = try await Subprocess.run(
            ProcessRequest(
                executable: swiftc, arguments: ["-print-target-info"], environment: environment, timeLimit: .seconds(60)))
        if result.termination != .exited(0) || ToolchainVersion(swiftVersionOutput: result.output) == nil {
            result = try await Subprocess.run(
                ProcessRequest(executable: swiftc, arguments: ["--version"], environment: environment, timeLimit: .seconds(60)))
        }
        guard case .exited(0) = result.termination, let version = ToolchainVersion(swiftVersionOutput: result.output) else {
            throw ToolchainError.unrecognized(swiftc: swiftc, output: result.output)
        }
        let usr = Self.usr(fromTargetInfo: result.output)
        guard version >= minimum else {
            throw ToolchainError.tooOld(found: version, minimum: minimum, swiftc: swiftc)
        }
        let flags = await Platform.testingFlags(swiftc: swiftc, usr: usr, environment: environment)
        return Toolchain(swiftc: swiftc, version: version, testingCompileFlags: flags.compile, testingLinkFlags: flags.link, usr: usr)
    }

    /// The `usr` folder above `-print-target-info`'s `paths.runtimeResourcePath` (`…/usr/lib/swift`).
    static func usr(fromTargetInfo output: String) -> String? {
        guard let start = output.firstIndex(of: "{"),
            let object = try? JSONSerialization.jsonObject(with: Data(output[start...].utf8)) as? [String: Any],
            let paths = object["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
        else { return nil }
        let usr = URL(fileURLWithPath: resources).deletingLastPathComponent().deletingLastPathComponent().path
        return FileManager.default.fileExists(atPath: usr + "/bin") ? usr : nil
    }

}

public enum ToolchainError: Error, Sendable, CustomStringConvertible {
    case notFound
    case unrecognized(swiftc: String, output: String)
    case tooOld(found: ToolchainVersion, minimum: ToolchainVersion, swiftc: String)

    public var description: String {
        switch self {
        case .notFound:
            "No Swift compiler (swiftc) was found on your PATH. Install Swift 6.2 or newer from https://www.swift.org/install/ and open a new terminal."
        case .unrecognized(let swiftc, let output):
            "\(swiftc) --version did not report a Swift version (it printed: \(output.prefix(200))). Check your Swift installation."
        case .tooOld(let found, let minimum, let swiftc):
            "This course needs Swift \(minimum) or newer (for @concurrent and default main-actor isolation), but \(swiftc) is Swift \(found). Install a newer toolchain from https://www.swift.org/install/."
        }
    }
}
