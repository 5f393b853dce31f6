#if canImport(Darwin)
    /// What the tool lets a test binary reach on macOS, besides the toolchain and its own files.
    extension Sandbox {
        /// The system's libraries and frameworks, the developer folders that hold Swift Testing,
        /// and the system files read at start.
        static let systemReadable = [
            "/usr/lib", "/usr/share", "/System", "/Library/Developer", "/Applications/Xcode.app",
            "/Applications/Xcode-beta.app", "/private/etc", "/private/var/db/timezone", "/private/var/db/dyld", "/dev",
        ]

        /// Besides the test binary: `atos`, which Thread Sanitizer runs to name a race's frames
        /// when no `llvm-symbolizer` is given (`dyld` is not checked as a program of its own).
        static let systemExecutable = ["/usr/bin/atos"]
    }
#endif
