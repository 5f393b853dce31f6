import Foundation

/// What the machine running the tests offers, for `.enabled(if:)` conditions: one definition
/// each, so that a test skipped on a Mac is skipped for the same reason everywhere.
public enum TestPlatform {
    public static let isLinux: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()

    /// Whether the tests run as root: some behaviours (process limits, ownership) differ for root,
    /// and some tests need root to switch to another user.
    public static var isRoot: Bool { getuid() == 0 }

    /// Whether util-linux `script` is here: the tests run it with its own flags (`-qfec`) to give a
    /// program a pseudo-terminal. macOS has a BSD `script` at the same path that takes other
    /// arguments, so there these tests are skipped rather than run wrongly.
    public static let hasUtilLinuxScript = isLinux && FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// Whether `/proc` lists each process's open descriptors (Linux), for checks of what a child inherits.
    public static let hasProcFileSystem = FileManager.default.fileExists(atPath: "/proc/self/fd")

    /// Whether util-linux `setpriv` is here, to run a program as another user.
    public static let hasSetpriv = isLinux && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
}
