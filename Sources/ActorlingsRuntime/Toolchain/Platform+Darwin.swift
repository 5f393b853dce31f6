#if canImport(Darwin)
    import ActorlingsCore
    import Foundation

    /// Platform facts for macOS: Swift Testing ships inside Xcode, the Command Line Tools or the
    /// toolchain itself, outside the compiler's default search paths, so the test module and binary
    /// need them. Found from the compiler really in use, the way SwiftPM does (`UserToolchain`).
    enum Platform {
        static func testingFlags(swiftc: String, usr reported: String?, environment: [String: String]) async -> (compile: [String], link: [String]) {
            // The installation the compiler reported: /usr/bin/swiftc is an xcrun shim and swiftly's
            // `swiftc` a proxy, so the folder of the `swiftc` found on the PATH says nothing.
            var usr = reported
            if usr == nil {
                var compiler = swiftc
                if swiftc.hasPrefix("/usr/bin/"), let found = await xcrun(["--find", "swiftc"], environment: environment) {
                    compiler = found
                }
                usr = URL(fileURLWithPath: compiler).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
            }
            guard let usr else { return ([], []) }
            var flags: (compile: [String], link: [String]) = ([], [])
            let plugins = usr + "/lib/swift/host/plugins/testing"
            if FileManager.default.fileExists(atPath: plugins) {
                flags.compile += ["-plugin-path", plugins]
            }
            // A swift.org or swiftly toolchain carries Swift Testing as a library of its own.
            let ownTesting = usr + "/lib/swift/macosx/testing"
            if FileManager.default.fileExists(atPath: ownTesting + "/Testing.swiftmodule") {
                flags.compile += ["-I", ownTesting]
                flags.link += ["-I", ownTesting, "-L", ownTesting, "-Xlinker", "-rpath", "-Xlinker", ownTesting]
                return flags
            }
            // Otherwise the framework of Xcode's platform or of the Command Line Tools, each with
            // its libraries (`lib_TestingInterop.dylib`) in its own place.
            var layouts: [(frameworks: String, libraries: String)] = []
            if let platform = await xcrun(["--sdk", "macosx", "--show-sdk-platform-path"], environment: environment) {
                layouts.append((platform + "/Developer/Library/Frameworks", platform + "/Developer/usr/lib"))
            }
            let commandLineTools = "/Library/Developer/CommandLineTools/Library/Developer"
            layouts.append((commandLineTools + "/Frameworks", commandLineTools + "/usr/lib"))
            guard let layout = layouts.first(where: { FileManager.default.fileExists(atPath: $0.frameworks + "/Testing.framework") }) else {
                return flags
            }
            let search = ["-F", layout.frameworks, "-I", layout.libraries]
            flags.compile += search
            flags.link +=
                search + [
                    "-L", layout.libraries, "-Xlinker", "-rpath", "-Xlinker", layout.frameworks, "-Xlinker", "-rpath", "-Xlinker", layout.libraries,
                ]
            return flags
        }

        /// Compiles for `macOS` (see `MacOSVersion.deploymentTarget`) rather than for the running
        /// system, which is `swiftc`'s default; nothing when there is no target.
        static func deploymentFlags(_ macOS: MacOSVersion?) -> [String] {
            guard let macOS else { return [] }
            #if arch(arm64)
                let architecture = "arm64"
            #else
                let architecture = "x86_64"
            #endif
            return ["-target", "\(architecture)-apple-macosx\(macOS)"]
        }

        /// The running system's version (Foundation's `ProcessInfo.operatingSystemVersion`).
        static func runningMacOS() -> MacOSVersion? {
            let version = ProcessInfo.processInfo.operatingSystemVersion
            return MacOSVersion(version.majorVersion, version.minorVersion)
        }

        private static func xcrun(_ arguments: [String], environment: [String: String]) async -> String? {
            guard
                let result = try? await Subprocess.run(
                    ProcessRequest(
                        executable: "/usr/bin/xcrun", arguments: arguments, environment: environment, timeLimit: .seconds(30))),
                case .exited(0) = result.termination
            else { return nil }
            let path = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
            return path.isEmpty ? nil : path
        }
    }
#endif
