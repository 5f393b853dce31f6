#if canImport(Darwin)
    import Foundation

    /// Platform facts for macOS: Swift Testing ships as a framework inside Xcode or the Command Line
    /// Tools, outside the compiler's default search paths, so the test module and binary need them.
    enum Platform {
        static func testingFlags(swiftc: String, environment: [String: String]) async -> (compile: [String], link: [String]) {
            var frameworkDirectories: [String] = []
            if let platformPath = await xcrun(["--show-sdk-platform-path"], environment: environment) {
                frameworkDirectories.append(platformPath + "/Developer/Library/Frameworks")
            }
            frameworkDirectories.append("/Library/Developer/CommandLineTools/Library/Developer/Frameworks")
            let existing = frameworkDirectories.filter { FileManager.default.fileExists(atPath: $0 + "/Testing.framework") }
            guard let directory = existing.first else { return ([], []) }
            let libraries = URL(fileURLWithPath: directory).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("usr/lib").path
            let compile = ["-F", directory, "-I", libraries]
            let link = compile + ["-L", libraries, "-Xlinker", "-rpath", "-Xlinker", directory, "-Xlinker", "-rpath", "-Xlinker", libraries]
            return (compile, link)
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
