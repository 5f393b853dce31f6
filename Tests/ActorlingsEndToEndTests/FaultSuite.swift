import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Synchronization
import Testing

/// One fault the fault suite inflicts on a private copy of the fixture course: what is done,
/// what a learner should see, and the check of what they did see.
struct Fault: Sendable {
    var id: String
    var area: String
    var what: String
    var expected: String
    /// Slow or heavy faults run only with `ACTORLINGS_LONG_FAULTS=1` (Tests/Faults/reliability.sh --long).
    var long = false
    /// Needs what only Linux has (a subreaper, a parent-death signal, `/proc`, enforced memory limits).
    var linuxOnly = false
    /// The time limit that applies once the tests run (or from the start, when no test runs): the
    /// verdict must come within it plus 1 s.
    var limit: Duration = .seconds(10)
    /// Prepares the course copy before the learner's files are snapshotted.
    var setUp: @Sendable (FaultCourse) async throws -> Void = { _ in }
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

    /// Processes still running from this course: by executable, working folder or command line
    /// (``ProcessProbe``: the same on Linux and macOS). A probe that fails is reported as a
    /// leftover, so that it can never pass for "nothing left".
    func leftoverProcesses(marker: String? = nil) async -> [String] {
        do {
            return try await ProcessProbe.running(under: root, marker: marker).map { "\($0.pid) \($0.command.prefix(80))" }
        } catch {
            return ["the process probe failed: \(error)"]
        }
    }
}

extension Fault: CustomTestStringConvertible {
    var testDescription: String { id }
}

/// One row of `Documentation/Reliability.md`.
struct FaultResult: Sendable, Codable {
    var id: String
    var observed: String
    var asExpected: Bool
    var seconds: Double
    /// Seconds from the start of the tests (or of the command, when no test ran) to the verdict.
    var latency: Double
    var limitSeconds: Double
    var leftovers: [String]
    var lost: [String]
    /// The first run was late (and nothing else was wrong), so the fault was run once more: the
    /// suite shares a loaded 2-core machine with other work.
    var remeasured = false

    var inTime: Bool { latency <= limitSeconds + 1 }
    var survived: Bool { asExpected && leftovers.isEmpty && lost.isEmpty && inTime }
}

/// When a run's tests start (its event stream, named anew each run, appears), watched on a thread
/// of its own: a poll on the cooperative pool would wait behind every other test's work.
final class TestsStartWatcher: Sendable {
    private let state = Mutex<(stopped: Bool, started: Duration?)>((false, nil))

    init(builds: String, since start: ContinuousClock.Instant) {
        Thread.detachNewThread { [self] in
            let clock = ContinuousClock()
            while !state.withLock({ $0.stopped || $0.started != nil }) {
                for exercise in (try? FileManager.default.contentsOfDirectory(atPath: builds)) ?? [] {
                    let files = (try? FileManager.default.contentsOfDirectory(atPath: builds + "/" + exercise)) ?? []
                    if files.contains(where: { $0.hasPrefix("events-") }) {
                        state.withLock { $0.started = $0.started ?? clock.now - start }
                    }
                }
                usleep(10_000)
            }
        }
    }

    /// Stops watching; when the tests started, counted from the start of the fault.
    func stop() -> Duration? {
        state.withLock { state in
            state.stopped = true
            return state.started
        }
    }
}

/// At most two faults at a time: each runs the real tool, compiler and tests on a 2-core machine,
/// and the suite measures how fast verdicts come.
actor FaultGate {
    static let shared = FaultGate()
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<Value: Sendable>(_ work: @Sendable () async throws -> Value) async rethrows -> Value {
        if running >= 2 {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running += 1
        }
        defer {
            if waiting.isEmpty { running -= 1 } else { waiting.removeFirst().resume() }
        }
        return try await work()
    }
}

enum FaultSuite {
    static func run(_ fault: Fault) async throws -> FaultResult {
        let parent = fault.id.hasPrefix("path-") ? FileManager.default.temporaryDirectory.path + "/Ünïcödé dir with spaces \(UUID().uuidString.prefix(8))" : nil
        defer { if let parent { try? FileManager.default.removeItem(atPath: parent) } }
        let course = try FaultCourse.make(under: parent)
        defer { try? FileManager.default.removeItem(atPath: course.root) }
        try await fault.setUp(course)
        let snapshot = course.learnerFiles()
        let clock = ContinuousClock()
        let start = clock.now
        let testsStarted = TestsStartWatcher(builds: course.path(".actorlings/build"), since: start)
        let (observed, asExpected) = try await fault.run(course)
        let elapsed = clock.now - start
        let latency = elapsed - (testsStarted.stop() ?? .zero)
        // A killed process tree may take a moment to be reaped by init.
        var leftovers = await course.leftoverProcesses(marker: "sleep 3001")
        for _ in 0..<20 where !leftovers.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
            leftovers = await course.leftoverProcesses(marker: "sleep 3001")
        }
        for line in leftovers {
            if let pid = Int32(line.split(separator: " ").first ?? "") { kill(pid, SIGKILL) }
        }
        return FaultResult(
            id: fault.id, observed: observed, asExpected: asExpected, seconds: elapsed.inSeconds, latency: latency.inSeconds,
            limitSeconds: fault.limit.inSeconds, leftovers: leftovers, lost: course.lostFiles(since: snapshot))
    }

    static func markdown(_ rows: [(fault: Fault, result: FaultResult)], long: Bool) -> String {
        let results = rows.map(\.result)
        let survived = results.filter(\.survived).count
        let lost = results.reduce(0) { $0 + $1.lost.count }
        let leftovers = results.reduce(0) { $0 + $1.leftovers.count }
        let worst = results.map { $0.latency - $0.limitSeconds }.max() ?? 0
        var text = """
            # Reliability

            Generated by `Tests/Faults/reliability.sh\(long ? " --long" : "")` (the fault suite in
            `Tests/ActorlingsEndToEndTests/FaultSuiteTests.swift`, run against the built `actorlings` binary on a
            private copy of the fixture course per fault). Do not edit by hand.

            **\(results.count) faults tried, \(survived) survived, \(lost) files lost, \(leftovers) orphan processes; the slowest verdict came \(String(format: "%.1f s", worst)) after its limit (at most 1 s allowed).**\(long ? "" : " (Fast faults only; `--long` adds the slow ones.)")

            "verdict" is the time from the start of the tests (or of the command, when no test ran) to the
            verdict, against the limit that applies (the exercise's time limit, 10 s by default). A fault
            whose only miss was time is run once more (↻): the suite shares a loaded machine.

            | area | fault | expected | observed | time | verdict (limit) | left behind | files lost | ok |
            |---|---|---|---|---|---|---|---|---|

            """
        for (fault, result) in rows {
            let cells = [
                fault.area, fault.what, fault.expected,
                result.observed.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
                    .replacing(/\/tmp\/[^ ]*actorlings-fault-[0-9A-F-]+/, with: "<course>"),
                String(format: "%.1f s", result.seconds),
                String(format: "%.1f s (%.0f s)", result.latency, result.limitSeconds) + (result.remeasured ? " ↻" : ""),
                String(result.leftovers.count), String(result.lost.count),
                result.survived ? "✔" : "✘",
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        text += """

            Not simulated here: a truly full disk (a refused progress write stands in for it). The
            read-only checkout and the process limit run the tool as an unprivileged user (`setpriv`,
            when the suite runs as root: root ignores file permissions and `RLIMIT_NPROC`). Watch
            mode's Ctrl-C in a real pseudo-terminal is covered by `WatchModeTests` (exit 130, progress
            kept); the terminal's restoring was checked by hand under tmux. The signal handling it
            shares with `check` is in the table. Faults marked Linux-only in the suite are skipped
            on macOS.

            ## How a test run is contained

            - **Its session.** The test binary (and every compiler) starts in a session of its own
              (`posix_spawn` with `POSIX_SPAWN_SETSID`); when it ends, times out or the command is
              interrupted, every process of that session is killed (TERM, 200 ms, KILL).
            - **What leaves the session (Linux).** `actorlings` is a child subreaper
              (`prctl(PR_SET_CHILD_SUBREAPER)`, set by the executable only): a descendant that calls
              `setsid` is re-parented to it, not to init, when its parent dies. After every run, and on
              interruption, every process re-parented to `actorlings` that is not one of its own live
              children and not in its own session (a pager is) is killed with SIGKILL and reaped,
              again until none is left, since a killed orphan's own children are re-parented in turn.
              With several runs at once (`dev check`), an orphan is killed when any run ends.
            - **The tool killed outright.** The generated test entry point calls
              `prctl(PR_SET_PDEATHSIG, SIGKILL)` before any test runs (there is no "between fork and
              exec" with `posix_spawn`, and the entry point is the first code of ours in the child),
              then checks that its parent is still the process that started it; so the test binary
              dies with `actorlings` even on SIGKILL. Compilers are not covered: they finish on their
              own within the compile time limit. Descendants of a test binary killed this way are
              re-parented to init: nothing above them is left to adopt them.
            - **Resources.** The entry point sets, soft and hard, before any test: `RLIMIT_DATA`
              1 GiB (not under Thread Sanitizer, whose shadow memory is terabytes of mappings),
              `RLIMIT_FSIZE` 64 MiB, and `RLIMIT_NPROC` at what the user runs now plus 256 (root
              is exempt from it). A run that dies of one of them is reported as `crashed` with that
              cause (SIGXFSZ or "File too large"; "failed to allocate"; EAGAIN from starting a process
              or thread); the outcome stays `crashed`, so reports and progress files keep their format.
            - **The learner's files.** Every exercise's learner files and tests are read just before
              the tests run and compared after; a changed or deleted file is put back, what the run
              left is kept in `.actorlings/backups/<exercise>/<time>-after-test-run-…/`, and the
              verdict lists them.
            - **Compile time.** One compiler run may take `compile-time-limit` seconds (per exercise,
              default 180); a learner's file over 1 MB is refused before anything compiles.

            ## On macOS

            macOS has no child subreaper and no parent-death signal. What the Darwin code does: the
            same new session per child (`POSIX_SPAWN_SETSID`) and session-wide kill, with
            `POSIX_SPAWN_CLOEXEC_DEFAULT`; the test entry point watches its parent with a kqueue
            process source (`DispatchSource.makeProcessSource(identifier: getppid(), eventMask: .exit)`)
            and exits when it goes, which covers a SIGKILLed tool; `RLIMIT_FSIZE` and `RLIMIT_NPROC`
            as on Linux (Darwin counts processes, not threads). Not available: `RLIMIT_DATA` and
            `RLIMIT_AS` are not enforced by the macOS kernel (a runaway allocation ends in the
            system's memory pressure, not in our verdict), and a descendant that calls `setsid` and
            whose parent exits is re-parented to launchd, where nothing marks it as ours. Closing
            that gap would need a process tracker of our own (an `EVFILT_PROC` `NOTE_FORK`/`NOTE_TRACK`
            watch on the test binary — `NOTE_TRACK` is no longer supported — or an endpoint-security
            client, which needs an entitlement), so it is documented rather than done.

            """
        return text
    }
}
