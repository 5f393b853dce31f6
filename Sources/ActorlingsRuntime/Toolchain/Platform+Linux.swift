#if os(Linux)
    import ActorlingsCore
    import Foundation

    /// Platform facts for Linux: the toolchain's default search paths already find Swift Testing.
    enum Platform {
        /// Test binaries link with the toolchain's own `lld` when it ships one: a quarter less
        /// CPU per link than the system's `gold`, which the driver picks otherwise (measured with
        /// `perf stat -r 10` on an exercise's test binary: 100 ms against 134 ms).
        static func testingFlags(swiftc: String, usr: String?, environment: [String: String]) async -> (compile: [String], link: [String]) {
            let folder = usr.map { $0 + "/bin" } ?? URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().path
            return ([], FileManager.default.isExecutableFile(atPath: folder + "/ld.lld") ? ["-use-ld=lld"] : [])
        }

        /// A deployment target is a macOS matter: Linux compiles for the running system.
        static func deploymentFlags(_ macOS: MacOSVersion?) -> [String] { [] }

        /// Not a Mac: no exercise is too new for it.
        static func runningMacOS() -> MacOSVersion? { nil }
    }
#endif
