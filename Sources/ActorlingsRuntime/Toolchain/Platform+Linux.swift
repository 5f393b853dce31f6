#if os(Linux)
    /// Platform facts for Linux: the toolchain's default search paths already find Swift Testing.
    enum Platform {
        static func testingFlags(swiftc: String, environment: [String: String]) async -> (compile: [String], link: [String]) {
            ([], [])
        }
    }
#endif
