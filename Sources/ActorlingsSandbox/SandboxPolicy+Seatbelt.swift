extension SandboxPolicy {
    /// A path the Seatbelt profile language cannot hold safely (a quote, a backslash, a control
    /// character): refused rather than escaped, since a profile is a program.
    public struct UnsafePath: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var description: String { "the path \(path.debugDescription) cannot be written into a sandbox profile" }
    }

    /// The policy as a macOS Seatbelt profile (SBPL): everything denied, then what the policy
    /// grants. `systemReadable` is the platform's list of system folders a test binary reads,
    /// `services` the Mach services it may look up.
    public func seatbeltProfile(systemReadable: [String], services: [String] = []) throws(UnsafePath) -> String {
        func literal(_ path: String) throws(UnsafePath) -> String {
            guard !path.contains(where: { $0 == "\"" || $0 == "\\" || $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
            else { throw UnsafePath(path: path) }
            return "\"\(path)\""
        }
        var lines = [
            "(version 1)",
            "(deny default)",
            // The system's own baseline for a process that links its libraries.
            "(import \"system.sb\")",
            "(allow process-fork)",
            "(allow signal (target same-sandbox))",
            "(allow sysctl-read)",
            "(allow file-read-metadata)",
            "(deny network*)",
        ]
        for path in readable + systemReadable { lines.append("(allow file-read* (subpath \(try literal(path))))") }
        for path in executable {
            lines.append("(allow file-read* (literal \(try literal(path))))")
            lines.append("(allow process-exec (literal \(try literal(path))))")
        }
        for path in writableFolders { lines.append("(allow file-read* file-write* (subpath \(try literal(path))))") }
        for path in writableFiles { lines.append("(allow file-read* file-write-data (literal \(try literal(path))))") }
        for service in services { lines.append("(allow mach-lookup (global-name \(try literal(service))))") }
        return lines.joined(separator: "\n") + "\n"
    }
}
