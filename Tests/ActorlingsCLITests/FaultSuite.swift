import ActorlingsRuntime
import Foundation

/// One fault the fault suite inflicts on a private copy of the fixture course: what is done,
/// what a learner should see, and the check of what they did see.
struct Fault: Sendable {
    var id: String
    var area: String
    var what: String
    var expected: String
    /// Slow or heavy faults run only with `ACTORLINGS_LONG_FAULTS=1` (Tests/Faults/reliability.sh --long).
    var long = false
    /// Prepares the course copy before the learner's files are snapshotted.
    var setUp: @Sendable (FaultCourse) throws -> Void = { _ in }
    /// Does the damage and returns what was observed and whether it is what `expected` says.
    var run: @Sendable (FaultCourse) async throws -> (observed: String, asExpected: Bool)
}

/// A private copy of the fixture course, with helpers to damage it.
struct FaultCourse: Sendable {
    let root: String

    static func make(under parent: String? = nil) throws -> FaultCourse {
        let base = parent ?? FileManager.default.temporaryDirectory.path
        let root = "\(base)/actorlings-fault-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixtureCourse, toPath: root)
        return FaultCourse(root: root)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        try text.write(toFile: path(relative), atomically: true, encoding: .utf8)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    /// Rewrites a file with one piece of text replaced: how most faults damage a course.
    func edit(_ relative: String, replacing target: String, with replacement: String) throws {
        try write(relative, try read(relative).replacingOccurrences(of: target, with: replacement))
    }

    /// Replaces the body of `passing`'s `add`, which its test calls synchronously.
    func syncFault(_ body: String, imports: String = "") throws {
        try write("Exercises/00-basics/passing/Sources/Code.swift", "\(imports)\nfunc add(_ a: Int, _ b: Int) -> Int {\n\(body)\n}\n")
    }

    /// Replaces `hangs`' `waitForever()`, which its test awaits (time limit 2 s).
    func asyncFault(_ code: String) throws {
        try write("Exercises/00-basics/hangs/Sources/Code.swift", code)
    }

    func actorlings(_ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, output: String, errors: String) {
        try await runActorlings(arguments, in: root, environment: environment)
    }

    /// The learner's files and their contents, to prove afterwards that nothing was lost.
    func learnerFiles() -> [String: Data] {
        var files: [String: Data] = [:]
        let exercises = path("Exercises")
        guard let walker = FileManager.default.enumerator(atPath: exercises) else { return files }
        for case let relative as String in walker where relative.contains("/Sources/") && relative.hasSuffix(".swift") {
            files["Exercises/" + relative] = FileManager.default.contents(atPath: exercises + "/" + relative)
        }
        return files
    }

    /// Files whose content changed and that no backup in `.actorlings/backups` holds.
    func lostFiles(since snapshot: [String: Data]) -> [String] {
        let backups = path(".actorlings/backups")
        var backedUp = Set<Data>()
        if let walker = FileManager.default.enumerator(atPath: backups) {
            for case let relative as String in walker {
                if let data = FileManager.default.contents(atPath: backups + "/" + relative) { backedUp.insert(data) }
            }
        }
        return snapshot.compactMap { path, before in
            let now = FileManager.default.contents(atPath: self.path(path))
            return now == before || backedUp.contains(before) ? nil : path
        }.sorted()
    }

    /// Processes still running from this course: by executable, working folder or command line.
    func leftoverProcesses(marker: String? = nil) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var found: [String] = []
        for entry in entries where Int32(entry) != nil && Int32(entry) != getpid() {
            let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/exe")) ?? ""
            let cwd = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/cwd")) ?? ""
            let command =
                (FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")).map {
                    String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
                } ?? ""
            let state = (try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            if state == "Z" { continue }
            if exe.hasPrefix(root) || cwd.hasPrefix(root) || (marker.map { command.contains($0) } ?? false) {
                found.append("\(entry) \(command.prefix(80))")
            }
        }
        return found
    }
}

/// One row of `Documentation/Reliability.md`.
struct FaultResult: Sendable {
    var fault: Fault
    var observed: String
    var asExpected: Bool
    var seconds: Double
    var leftovers: [String]
    var lost: [String]

    var survived: Bool { asExpected && leftovers.isEmpty && lost.isEmpty }
}

enum FaultSuite {
    static func run(_ fault: Fault) async throws -> FaultResult {
        let course = try FaultCourse.make(under: fault.id.hasPrefix("path-") ? FileManager.default.temporaryDirectory.path + "/Ünïcödé dir with spaces" : nil)
        defer { try? FileManager.default.removeItem(atPath: course.root) }
        try fault.setUp(course)
        let snapshot = course.learnerFiles()
        let clock = ContinuousClock()
        let start = clock.now
        let (observed, asExpected) = try await fault.run(course)
        let elapsed = clock.now - start
        // A killed process tree may take a moment to be reaped by init.
        var leftovers = course.leftoverProcesses(marker: "sleep 3001")
        for _ in 0..<20 where !leftovers.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
            leftovers = course.leftoverProcesses(marker: "sleep 3001")
        }
        for line in leftovers {
            if let pid = Int32(line.split(separator: " ").first ?? "") { kill(pid, SIGKILL) }
        }
        return FaultResult(
            fault: fault, observed: observed, asExpected: asExpected,
            seconds: elapsed.inSeconds,
            leftovers: leftovers, lost: course.lostFiles(since: snapshot))
    }

    static func markdown(_ results: [FaultResult], long: Bool) -> String {
        let survived = results.filter(\.survived).count
        let lost = results.reduce(0) { $0 + $1.lost.count }
        let leftovers = results.reduce(0) { $0 + $1.leftovers.count }
        var text = """
            # Reliability

            Generated by `Tests/Faults/reliability.sh\(long ? " --long" : "")` (the fault suite in
            `Tests/ActorlingsCLITests/FaultSuiteTests.swift`, run against the built `actorlings` binary on a
            private copy of the fixture course per fault). Do not edit by hand.

            **\(results.count) faults tried, \(survived) survived, \(lost) files lost, \(leftovers) orphan processes.**\(long ? "" : " (Fast faults only; `--long` adds the slow ones.)")

            | area | fault | expected | observed | time | left behind | files lost | ok |
            |---|---|---|---|---|---|---|---|

            """
        for result in results {
            let cells = [
                result.fault.area, result.fault.what, result.fault.expected,
                result.observed.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
                    .replacing(/\/tmp\/[^ ]*actorlings-fault-[0-9A-F-]+/, with: "<course>"),
                String(format: "%.1f s", result.seconds), String(result.leftovers.count), String(result.lost.count),
                result.survived ? "✔" : "✘",
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        text += """

            Not simulated here: an unreadable or read-only checkout (the suite runs as root on CI, and
            root ignores file permissions) and a truly full disk; a refused progress write stands in
            for the latter. Watch mode's Ctrl-C in a real pseudo-terminal is covered by
            `WatchModeTests` (exit 130, progress kept); the terminal's restoring was checked by hand
            under tmux. The signal handling it shares with `check` is in the table.

            """
        return text
    }
}
