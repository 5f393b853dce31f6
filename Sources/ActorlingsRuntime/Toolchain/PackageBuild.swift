import Foundation

/// SwiftPM, run the one way Actorlings runs it: `swift build` (and `swift package dump-package`)
/// of a package, with the `swift` beside the compiler the toolchain found — else the one on the
/// `PATH` — so that the build uses the same toolchain as the checks. `doctor` builds the tool
/// with it; `explain --build` builds a learner's package with it.
public struct PackageBuild: Sendable {
    /// The `swift` driver.
    public let swift: String
    public let environment: [String: String]

    /// The `swift` beside `toolchain`'s compiler when there is one, else the first on the `PATH`;
    /// nil when neither exists.
    public init?(toolchain: Toolchain?, environment: [String: String]) {
        let beside = toolchain.map { URL(fileURLWithPath: $0.swiftc).deletingLastPathComponent().path + "/swift" }
        if let beside, FileManager.default.isExecutableFile(atPath: beside) {
            swift = beside
        } else if let found = ExecutableSearch.find("swift", environment: environment) {
            swift = found
        } else {
            return nil
        }
        self.environment = environment
    }

    /// `swift build` in `directory`, or of `package` into `scratch` when given, with `arguments`
    /// after `build`.
    public func build(
        in directory: String? = nil, package: String? = nil, scratch: String? = nil, arguments: [String] = [],
        environment: [String: String]? = nil, timeLimit: Duration
    ) async throws -> ProcessResult {
        var all = ["build"]
        if let package { all += ["--package-path", package] }
        if let scratch { all += ["--scratch-path", scratch] }
        return try await Subprocess.run(
            ProcessRequest(
                executable: swift, arguments: all + arguments, environment: environment ?? self.environment, workingDirectory: directory,
                timeLimit: timeLimit, outputLimit: 16 << 20))
    }

    /// The names of the package's own targets, from `swift package dump-package`; nil when the
    /// manifest could not be read.
    public func targetNames(package: String, scratch: String, environment: [String: String]? = nil) async -> [String]? {
        guard
            let manifest = try? await Subprocess.run(
                ProcessRequest(
                    executable: swift, arguments: ["package", "--package-path", package, "--scratch-path", scratch, "dump-package"],
                    environment: environment ?? self.environment, timeLimit: .seconds(600), outputLimit: 16 << 20)),
            case .exited(0) = manifest.termination,
            // Output and errors share one pipe: the JSON is the part from the first brace.
            let open = manifest.output.firstIndex(of: "{"), let close = manifest.output.lastIndex(of: "}"), open < close,
            let json = try? JSONSerialization.jsonObject(with: Data(manifest.output[open...close].utf8)) as? [String: Any],
            let targets = json["targets"] as? [[String: Any]]
        else { return nil }
        return targets.compactMap { $0["name"] as? String }
    }
}
