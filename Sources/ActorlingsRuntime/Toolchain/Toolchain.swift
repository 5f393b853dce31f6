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

    public init(swiftc: String, version: ToolchainVersion, testingCompileFlags: [String] = [], testingLinkFlags: [String] = []) {
        self.swiftc = swiftc
        self.version = version
        self.testingCompileFlags = testingCompileFlags
        self.testingLinkFlags = testingLinkFlags
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
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: swiftc, arguments: ["--version"], environment: environment, timeLimit: .seconds(60)))
        guard case .exited(0) = result.termination, let version = ToolchainVersion(swiftVersionOutput: result.output) else {
            throw ToolchainError.unrecognized(swiftc: swiftc, output: result.output)
        }
        guard version >= minimum else {
            throw ToolchainError.tooOld(found: version, minimum: minimum, swiftc: swiftc)
        }
        let flags = await Platform.testingFlags(swiftc: swiftc, environment: environment)
        return Toolchain(swiftc: swiftc, version: version, testingCompileFlags: flags.compile, testingLinkFlags: flags.link)
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
