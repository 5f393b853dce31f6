import ActorlingsRuntime
public import Foundation

/// The processes running now, read the same way on Linux and macOS, so that a "no process left
/// behind" check can fail on both: `ps` (POSIX, with the keywords procps and BSD `ps` share) for
/// the process table; the working folder from `/proc` on Linux and from `lsof` on macOS, which
/// has no `/proc`.
public enum ProcessProbe {
    public struct Entry: Sendable, Equatable {
        public var pid: pid_t
        public var parent: pid_t
        public var group: pid_t
        /// The foreground process group of the process's terminal (-1 or 0 without one).
        public var terminalGroup: pid_t
        /// `ps`'s state, first letter: R, S, T (stopped), Z (zombie), …
        public var state: String
        /// The terminal's name as `ps` prints it (`pts/3`, `ttys003`), or `?`/`??` without one.
        public var terminal: String
        /// The command line, arguments included.
        public var command: String

        public init(pid: pid_t, parent: pid_t, group: pid_t, terminalGroup: pid_t, state: String, terminal: String, command: String) {
            (self.pid, self.parent, self.group, self.terminalGroup) = (pid, parent, group, terminalGroup)
            (self.state, self.terminal, self.command) = (state, terminal, command)
        }

        public var isZombie: Bool { state.hasPrefix("Z") }
        /// Whether its process group owns its terminal: a job-control shell's foreground job.
        public var isForeground: Bool { group == terminalGroup }
        /// The terminal's device path, if it has one.
        public var terminalPath: String? {
            terminal.hasPrefix("?") || terminal == "-" ? nil : "/dev/" + terminal
        }
    }

    /// Every process, this test process excepted.
    public static func all() async throws -> [Entry] {
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: "/bin/ps", arguments: ["-A", "-ww", "-o", "pid=,ppid=,pgid=,tpgid=,stat=,tty=,command="],
                environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"], timeLimit: .seconds(20)))
        guard case .exited(0) = result.termination else { throw ProbeError(message: "ps failed: \(result.output.prefix(300))") }
        return result.output.split(whereSeparator: \.isNewline).compactMap(entry).filter { $0.pid != getpid() }
    }

    public static func entry(_ line: Substring) -> Entry? {
        let fields = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: true)
        guard fields.count >= 6, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]), let group = pid_t(fields[2]),
            let terminalGroup = pid_t(fields[3])
        else { return nil }
        return Entry(
            pid: pid, parent: parent, group: group, terminalGroup: terminalGroup, state: String(fields[4]), terminal: String(fields[5]),
            command: fields.count > 6 ? String(fields[6].drop { $0 == " " }) : "")
    }

    /// Every process's working folder, resolved, by pid (those that can't be read are left out).
    public static func workingDirectories(of pids: [pid_t]) async -> [pid_t: String] {
        #if os(Linux)
            var folders: [pid_t: String] = [:]
            for pid in pids {
                folders[pid] = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd")
            }
            return folders
        #else
            // One `lsof` for all: `-Fpn` prints "p<pid>" then "n<folder>" for each process.
            guard
                let result = try? await Subprocess.run(
                    ProcessRequest(
                        executable: "/usr/sbin/lsof", arguments: ["-a", "-d", "cwd", "-Fpn"], environment: ["PATH": "/usr/bin:/bin:/usr/sbin"],
                        timeLimit: .seconds(30)))
            else { return [:] }
            let wanted = Set(pids)
            var folders: [pid_t: String] = [:]
            var current: pid_t?
            for line in result.output.split(whereSeparator: \.isNewline) {
                if line.hasPrefix("p") {
                    current = pid_t(line.dropFirst())
                } else if line.hasPrefix("n"), let pid = current, wanted.contains(pid) {
                    folders[pid] = String(line.dropFirst())
                }
            }
            return folders
        #endif
    }

    /// Live processes whose command line contains `marker`, starts with a path in `folder`, or
    /// whose working folder lies in `folder` (as given and resolved: `/tmp` is a link on macOS).
    public static func running(under folder: String?, marker: String?) async throws -> [Entry] {
        let prefixes = folder.map { [$0, URL(fileURLWithPath: $0).resolvingSymlinksInPath().path] } ?? []
        let live = try await all().filter { !$0.isZombie }
        let folders = prefixes.isEmpty ? [:] : await workingDirectories(of: live.map(\.pid))
        return live.filter { entry in
            if let marker, entry.command.contains(marker) { return true }
            return prefixes.contains { entry.command.hasPrefix($0) || folders[entry.pid]?.hasPrefix($0) == true }
        }
    }

    public struct ProbeError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
