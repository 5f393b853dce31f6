import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// The fault suite: every fault a learner, a machine or an impatient finger can inflict, each on
/// its own copy of the fixture course, with the outcome it must have, no process left behind and
/// no file lost. `Tests/Faults/reliability.sh` regenerates `Documentation/Reliability.md` from it.
@Suite("Fault suite", .tags(.endToEnd, .slow))
struct FaultSuiteTests {
    static let long = ProcessInfo.processInfo.environment["ACTORLINGS_LONG_FAULTS"] == "1"
    /// Where each case writes its row for `Tests/Faults/reliability.sh` to gather.
    static let rowsDirectory = ProcessInfo.processInfo.environment["ACTORLINGS_RELIABILITY_ROWS"]

    /// The faults this platform runs.
    static var selected: [Fault] {
        #if os(Linux)
            let platform = true
        #else
            let platform = false
        #endif
        return faults.filter { (long || !$0.long) && (platform || !$0.linuxOnly) }
    }

    @Test("A fault gives its expected outcome in time, leaves no process behind and loses no file", arguments: selected)
    func fault(_ fault: Fault) async throws {
        var result = try await FaultGate.shared.run { try await FaultSuite.run(fault) }
        if result.asExpected, result.leftovers.isEmpty, result.lost.isEmpty, !result.inTime {
            result = try await FaultGate.shared.run { try await FaultSuite.run(fault) }
            result.remeasured = true
        }
        #expect(result.asExpected, "expected \(fault.expected); observed \(result.observed)")
        #expect(result.leftovers.isEmpty, "left processes behind: \(result.leftovers)")
        #expect(result.lost.isEmpty, "lost files: \(result.lost)")
        #expect(result.inTime, "the verdict came \(result.latency) s after the tests started; the limit is \(result.limitSeconds) s + 1 s")
        if let directory = Self.rowsDirectory {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: "\(directory)/\(fault.id).json"))
        }
    }

    /// Gathers the rows the cases wrote into `Documentation/Reliability.md` (a second run of
    /// `Tests/Faults/reliability.sh`, after every case has written its row).
    @Test(
        "The reliability report is written from the rows",
        .enabled(if: ProcessInfo.processInfo.environment["ACTORLINGS_RELIABILITY_REPORT"] != nil && rowsDirectory != nil))
    func report() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["ACTORLINGS_RELIABILITY_REPORT"], let directory = Self.rowsDirectory else { return }
        var rows: [(fault: Fault, result: FaultResult)] = []
        for fault in Self.selected {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(fault.id).json"))
            rows.append((fault, try JSONDecoder().decode(FaultResult.self, from: data)))
        }
        try FaultSuite.markdown(rows, long: Self.long).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// `check ID` on the course: the outcome's first line, and the exit status.
    static func check(_ course: FaultCourse, _ id: String, environment: [String: String] = [:]) async throws -> (status: Int32, first: String, output: String) {
        let result = try await course.actorlings(["check", id], environment: environment)
        return (
            result.status, result.output.split(separator: "\n").first.map(String.init) ?? result.errors.trimmingCharacters(in: .whitespacesAndNewlines),
            result.output + result.errors
        )
    }

    static let faults: [Fault] =
        exerciseFaults + stateFaults + courseFaults + machineFaults + interruptionFaults + containmentFaults + limitFaults + learnerFileFaults
        + inputFaults + exitTestFaults

    // MARK: - The learner's code misbehaves

    static let exerciseFaults: [Fault] = [
        Fault(
            id: "hang-continuation", area: "exercise code", what: "awaits a continuation that is never resumed",
            expected: "timed out at the 2 s limit, naming the running test", limit: .seconds(2),
            run: { course in
                let result = try await check(course, "hangs")
                return (result.first, result.first.contains("did not finish within 2 s") && result.output.contains("Still running: finishes()"))
            }),
        Fault(
            id: "hang-async-stream", area: "exercise code", what: "iterates an `AsyncStream` that is never finished",
            expected: "timed out", limit: .seconds(2),
            setUp: { course in
                try course.asyncFault(
                    """
                    func waitForever() async {
                        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
                        continuation.yield(1)
                        for await _ in stream {}
                        continuation.finish()
                    }
                    """)
            },
            run: { course in
                let result = try await check(course, "hangs")
                return (result.first, result.first.contains("did not finish within 2 s"))
            }),
        Fault(
            id: "hang-actor-awaits-itself", area: "exercise code", what: "an actor's task awaits its own result",
            expected: "timed out", limit: .seconds(2),
            setUp: { course in
                try course.asyncFault(
                    """
                    actor Loader {
                        var pending: Task<Int, Never>?
                        func value() async -> Int {
                            if let pending { return await pending.value }
                            let task = Task { await self.value() + 1 }
                            pending = task
                            return await task.value
                        }
                    }

                    func waitForever() async {
                        _ = await Loader().value()
                    }
                    """)
            },
            run: { course in
                let result = try await check(course, "hangs")
                return (result.first, result.first.contains("did not finish within 2 s"))
            }),
        Fault(
            id: "hang-infinite-loop", area: "exercise code", what: "loops forever on the CPU", expected: "timed out", limit: .seconds(2),
            setUp: { course in
                try course.syncFault("    var n = a\n    while n != b - 1 || n == b - 1 { n &+= 1 }\n    return n")
                try course.edit("Exercises/00-basics/passing/exercise.toml", replacing: "time-limit = 10", with: "time-limit = 2")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("did not finish within 2 s"))
            }),
        Fault(
            id: "crash-fatal-error", area: "exercise code", what: "calls `fatalError`", expected: "crashed, with the message",
            setUp: { course in
                try course.syncFault("    fatalError(\"the adder broke\")")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("crashed") && result.output.contains("the adder broke"))
            }),
        Fault(
            id: "crash-double-resume", area: "exercise code", what: "resumes a continuation twice", expected: "crashed, naming the misuse",
            setUp: { course in
                try course.asyncFault(
                    """
                    func waitForever() async {
                        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                            continuation.resume()
                            continuation.resume()
                        }
                    }
                    """)
            },
            run: { course in
                let result = try await check(course, "hangs")
                return (result.first, result.first.contains("crashed") && result.output.contains("more than once"))
            }),
        Fault(
            id: "crash-stack-overflow", area: "exercise code", what: "recurses without end", expected: "crashed (SIGSEGV)",
            setUp: { course in
                try course.write(
                    "Exercises/00-basics/passing/Sources/Code.swift",
                    """
                    func depth(_ n: Int) -> Int { n < 0 ? 0 : depth(n + 1) + 1 }

                    func add(_ a: Int, _ b: Int) -> Int {
                        depth(a) + b
                    }
                    """)
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("crashed") && result.first.contains("signal 11"))
            }),
        Fault(
            id: "crash-force-unwrap", area: "exercise code", what: "force-unwraps nil", expected: "crashed, with the message",
            run: { course in
                let result = try await check(course, "crashes")
                return (result.first, result.first.contains("crashed") && result.output.contains("Unexpectedly found nil"))
            }),
        Fault(
            id: "flood-output", area: "exercise code", what: "prints 64 MB while its tests run",
            expected: "a verdict (passed); captured output capped at 1 MiB",
            setUp: { course in
                try course.syncFault("    let line = String(repeating: \"x\", count: 1023)\n    for _ in 0..<65_536 { print(line) }\n    return a + b")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("passed"))
            }),
        Fault(
            id: "flood-output-long", area: "exercise code", what: "prints 512 MB while its tests run",
            expected: "timed out at 10 s or passed; memory bounded by the 1 MiB cap", long: true,
            setUp: { course in
                try course.syncFault("    let line = String(repeating: \"x\", count: 1023)\n    for _ in 0..<524_288 { print(line) }\n    return a + b")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("passed") || result.first.contains("did not finish"))
            }),
        Fault(
            id: "fork-outlives", area: "exercise code", what: "starts a child process that outlives the tests",
            expected: "passed; the child is killed with the test's session",
            setUp: { course in
                try course.syncFault(
                    """
                        let child = Process()
                        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
                        child.arguments = ["3001"]
                        try? child.run()
                        return a + b
                    """, imports: "import Foundation")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("passed"))
            }),
        Fault(
            id: "reads-stdin", area: "exercise code", what: "reads standard input", expected: "passed at once (standard input is empty)",
            setUp: { course in
                try course.syncFault("    _ = readLine()\n    return a + b")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("passed"))
            }),
    ]

    // MARK: - The progress file

    static func progressFault(_ id: String, _ what: String, contents: String?, expected: String, check predicate: @escaping @Sendable (String) -> Bool) -> Fault
    {
        Fault(
            id: id, area: "progress file", what: what, expected: expected,
            setUp: { course in
                try FileManager.default.createDirectory(atPath: course.path(".actorlings"), withIntermediateDirectories: true)
                if let contents { try course.write(".actorlings/progress.json", contents) }
            },
            run: { course in
                let list = try await course.actorlings(["list"])
                let check = try await course.actorlings(["check", "passing"])
                let saved = (try? course.read(".actorlings/progress.json")) ?? ""
                let valid = (try? JSONSerialization.jsonObject(with: Data(saved.utf8))) != nil
                let note = list.errors.split(separator: "\n").first.map(String.init) ?? "no message"
                return (
                    "list exit \(list.status), check exit \(check.status); \(note)", list.status == 0 && check.status == 0 && valid && predicate(list.errors)
                )
            })
    }

    static let stateFaults: [Fault] = [
        progressFault("progress-missing", "is missing", contents: nil, expected: "no message; rebuilt by checking") { $0.isEmpty },
        progressFault("progress-empty", "is empty", contents: "", expected: "\"damaged\" message; kept aside; rebuilt") {
            $0.contains("damaged (the file is empty)")
        },
        progressFault("progress-truncated", "is cut off mid-file", contents: "{\"format\":1,\"current\":\"pass", expected: "\"damaged\" message; rebuilt") {
            $0.contains("damaged (it is not valid JSON)")
        },
        progressFault("progress-not-json", "holds random text", contents: "\u{1}\u{2}garbage", expected: "\"damaged\" message; rebuilt") {
            $0.contains("damaged")
        },
        progressFault(
            "progress-wrong-shape", "is JSON of the wrong shape", contents: "{\"format\":1,\"exercises\":[1,2]}", expected: "\"damaged\" message; rebuilt"
        ) { $0.contains("does not have the expected fields") },
        Fault(
            id: "progress-newer", area: "progress file", what: "was written by a newer Actorlings", expected: "message; the file is left untouched",
            setUp: { course in
                try FileManager.default.createDirectory(atPath: course.path(".actorlings"), withIntermediateDirectories: true)
                try course.write(".actorlings/progress.json", "{\"format\":99,\"future\":true}")
            },
            run: { course in
                let check = try await course.actorlings(["check", "passing"])
                let untouched = (try? course.read(".actorlings/progress.json")) == "{\"format\":99,\"future\":true}"
                return ("check exit \(check.status); file untouched: \(untouched)", check.errors.contains("newer Actorlings (format 99)") && untouched)
            }),
        Fault(
            id: "progress-claims-passes", area: "progress file", what: "is hand-edited to claim every exercise passed",
            expected: "grade re-checks and reports the real failures", limit: .seconds(60),
            setUp: { course in
                try FileManager.default.createDirectory(atPath: course.path(".actorlings"), withIntermediateDirectories: true)
                let ids = ["passing", "compile-error", "failing-test", "hangs", "crashes"]
                let entries = ids.map { "\"\($0)\":{\"status\":\"passed\",\"hintsShown\":0}" }.joined(separator: ",")
                try course.write(".actorlings/progress.json", "{\"format\":1,\"exercises\":{\(entries)}}")
            },
            run: { course in
                let grade = try await course.actorlings(["grade"])
                return (grade.output.split(separator: "\n").last.map(String.init) ?? "", grade.status == 1 && grade.output.contains("1/5 points"))
            }),
    ]

    // MARK: - The course's files

    static let courseFaults: [Fault] = [
        Fault(
            id: "exercise-file-deleted", area: "course files", what: "the learner's exercise file is deleted", expected: "a verdict saying how to restore it",
            setUp: { course in
                try FileManager.default.removeItem(atPath: course.path("Exercises/00-basics/passing/Sources/Code.swift"))
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.status == 1 && result.output.contains("actorlings reset passing"))
            }),
        Fault(
            id: "exercise-file-renamed", area: "course files", what: "the learner's exercise file is renamed", expected: "a verdict saying how to restore it",
            setUp: { course in
                try FileManager.default.moveItem(
                    atPath: course.path("Exercises/00-basics/passing/Sources/Code.swift"),
                    toPath: course.path("Exercises/00-basics/passing/Sources/Adder.swift"))
            },
            run: { course in
                let result = try await check(course, "passing")
                return (
                    result.first, result.status == 1 && result.output.contains("Code.swift is missing") && result.output.contains("actorlings reset passing")
                )
            }),
        Fault(
            id: "exercise-file-not-utf8", area: "course files", what: "the exercise file holds bytes that are not UTF-8",
            expected: "a compile-error verdict, no crash",
            setUp: { course in
                var data = Data("func add(_ a: Int, _ b: Int) -> Int { a + b } // ".utf8)
                data.append(contentsOf: [0xFF, 0xFE, 0x0A])
                try data.write(to: URL(fileURLWithPath: course.path("Exercises/00-basics/passing/Sources/Code.swift")))
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, [0, 1].contains(result.status) && !result.output.isEmpty)
            }),
        Fault(
            id: "exercise-file-crlf", area: "course files", what: "the exercise file has CRLF line endings", expected: "passed",
            setUp: { course in
                try course.write("Exercises/00-basics/passing/Sources/Code.swift", "func add(_ a: Int, _ b: Int) -> Int {\r\n    a + b\r\n}\r\n")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("passed"))
            }),
        Fault(
            id: "tests-deleted", area: "course files", what: "a protected test file is deleted", expected: "tests-edited verdict naming the file",
            setUp: { course in
                try FileManager.default.removeItem(atPath: course.path("Exercises/00-basics/failing-test/Tests/CodeTests.swift"))
            },
            run: { course in
                let result = try await check(course, "failing-test")
                return (result.first, result.output.contains("The tests of failing-test were changed") && result.output.contains("Tests/CodeTests.swift"))
            }),
        Fault(
            id: "tests-edited", area: "course files", what: "a protected test file is edited", expected: "tests-edited verdict naming the file",
            setUp: { course in
                try course.write(
                    "Exercises/00-basics/failing-test/Tests/CodeTests.swift", "import Testing\n@testable import FailingTest\n\n@Test func triples() {}\n")
            },
            run: { course in
                let result = try await check(course, "failing-test")
                return (result.first, result.output.contains("The tests of failing-test were changed") && result.output.contains("Tests/CodeTests.swift"))
            }),
        Fault(
            id: "course-malformed", area: "course files", what: "course.toml has a syntax error", expected: "exit 70 naming file and line",
            setUp: { course in
                try course.edit("Exercises/course.toml", replacing: "title = \"Fixture course\"", with: "title = \"Fixture course")
            },
            run: { course in
                let result = try await course.actorlings(["list"])
                return (
                    result.errors.split(separator: "\n").dropFirst().first.map(String.init) ?? result.errors,
                    result.status == 70 && result.errors.contains("Exercises/course.toml:3:")
                )
            }),
        Fault(
            id: "exercise-definition-bad-key", area: "course files", what: "an exercise.toml has a misspelled key",
            expected: "only that exercise is a course error (exit 70 naming file, line, key and the likely key); another checks; grade writes its report",
            limit: .seconds(60),
            setUp: { course in
                try course.edit("Exercises/00-basics/passing/exercise.toml", replacing: "section =", with: "sectoin =")
            },
            run: { course in
                let broken = try await course.actorlings(["check", "passing"])
                let other = try await check(course, "failing-test")
                let grade = try await course.actorlings(["grade", "--format", "json", "--output", "report.json"])
                let report = (try? course.read("report.json")) ?? ""
                return (
                    "check passing exit \(broken.status), check failing-test exit \(other.status), grade exit \(grade.status), report written: \(!report.isEmpty)",
                    broken.status == 70 && broken.errors.contains("'sectoin': unknown key; did you mean 'section'?")
                        && other.status == 1 && other.first.contains("failing-test") && grade.status == 1
                        && report.contains("\"id\" : \"passing\"") && report.contains("course error")
                )
            }),
        Fault(
            id: "reset-keeps-backup", area: "course files", what: "`reset --yes` replaces the learner's work",
            expected: "shipped file restored; the learner's version backed up",
            setUp: { course in
                try await commitAsShipped(course.root)
                try course.write(
                    "Exercises/00-basics/failing-test/Sources/Code.swift", "func triple(_ value: Int) -> Int { value * 2 + value - value } // my work\n")
            },
            run: { course in
                let result = try await course.actorlings(["reset", "failing-test", "--yes"])
                let restored = try course.read("Exercises/00-basics/failing-test/Sources/Code.swift").contains("value * 2\n")
                return (result.output.split(separator: "\n").last.map(String.init) ?? "", result.status == 0 && restored)
            }),
    ]

    // MARK: - The machine

    static let machineFaults: [Fault] = [
        Fault(
            id: "path-spaces-unicode", area: "machine", what: "the checkout's path has spaces and non-ASCII letters", expected: "passed",
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("passed"))
            }),
        Fault(
            id: "run-from-subfolder", area: "machine", what: "actorlings runs from a subfolder of the checkout", expected: "works as from the root",
            run: { course in
                let result = try await runActorlings(["check", "passing"], in: course.path("Exercises/00-basics/passing/Sources"))
                return (result.output.split(separator: "\n").first.map(String.init) ?? result.errors, result.status == 0)
            }),
        Fault(
            id: "swiftc-missing", area: "machine", what: "no `swiftc` on PATH", expected: "exit 70: how to install Swift",
            run: { course in
                let result = try await check(course, "passing", environment: ["PATH": "/nonexistent"])
                return (result.first, result.status == 70 && result.output.contains("No Swift compiler (swiftc) was found"))
            }),
        Fault(
            id: "swiftc-too-old", area: "machine", what: "the toolchain is Swift 5.10", expected: "exit 70 naming the version found and needed",
            setUp: { course in
                try course.write("old-swiftc", "#!/bin/sh\necho 'Swift version 5.10 (swift-5.10-RELEASE)'\n")
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: course.path("old-swiftc"))
            },
            run: { course in
                let result = try await check(course, "passing", environment: ["ACTORLINGS_SWIFTC": course.path("old-swiftc")])
                return (result.first, result.status == 70 && result.output.contains("needs Swift 6.2 or newer") && result.output.contains("Swift 5.10"))
            }),
        Fault(
            id: "two-at-once", area: "machine", what: "a second actorlings starts while one holds the checkout", expected: "refused, naming the other process",
            run: { course in
                var lock: CheckoutLock? = try CheckoutLock.acquire(root: course.root, command: "watch")
                let result = try await check(course, "passing", environment: ["ACTORLINGS_LOCK_WAIT": "0"])
                lock = nil
                return (result.first, result.status == 70 && result.output.contains("pid \(getpid()): actorlings watch"))
            }),
        Fault(
            id: "progress-unwritable", area: "machine",
            what: "the progress file can be neither read nor written (a folder stands where it goes; stands in for a full disk)",
            expected: "the verdict is still shown, with a note; nothing crashes",
            setUp: { course in
                try FileManager.default.createDirectory(atPath: course.path(".actorlings/progress.json/blocked"), withIntermediateDirectories: true)
            },
            run: { course in
                let result = try await course.actorlings(["check", "passing"])
                return (
                    (result.output.split(separator: "\n").first.map(String.init) ?? "") + "; "
                        + (result.errors.split(separator: "\n").last.map(String.init) ?? ""),
                    result.status == 0 && result.output.contains("passed") && result.errors.contains("progress will be rebuilt")
                )
            }),
    ]

    // MARK: - Interruptions

    static func interruption(_ signal: Int32, _ name: String) -> Fault {
        Fault(
            id: "interrupt-\(name.lowercased())", area: "interruption", what: "\(name) while a check's tests hang",
            expected: "exit 130 at once; the test process tree killed; progress intact", limit: .zero,
            setUp: { course in
                try course.edit("Exercises/00-basics/hangs/exercise.toml", replacing: "time-limit = 2", with: "time-limit = 120")
                try FileManager.default.createDirectory(atPath: course.path(".actorlings"), withIntermediateDirectories: true)
                try course.write(".actorlings/progress.json", "{\"format\":1,\"exercises\":{\"passing\":{\"status\":\"passed\",\"hintsShown\":1}}}")
            },
            run: { course in
                let process = try await launchActorlings(["check", "hangs"], in: course.root)
                // Wait until the test binary runs (its events file, named anew each run, appears), then interrupt.
                let build = course.path(".actorlings/build/hangs")
                func running() -> Bool {
                    ((try? FileManager.default.contentsOfDirectory(atPath: build)) ?? []).contains { $0.hasPrefix("events-") }
                }
                for _ in 0..<600 where !running() {
                    try await Task.sleep(for: .milliseconds(100))
                }
                try await Task.sleep(for: .milliseconds(300))
                let clock = ContinuousClock()
                let sent = clock.now
                kill(process.processIdentifier, signal)
                while process.isRunning, clock.now - sent < .seconds(10) {
                    try await Task.sleep(for: .milliseconds(20))
                }
                let took = clock.now - sent
                let progress = (try? course.read(".actorlings/progress.json")) ?? ""
                let intact = progress.contains("\"passing\"")
                return (
                    "exit \(process.isRunning ? -1 : process.terminationStatus) after \(seconds(took)); progress intact: \(intact)",
                    !process.isRunning && process.terminationStatus == 130 && took < .seconds(5) && intact
                )
            })
    }

    static let interruptionFaults: [Fault] = [
        interruption(SIGINT, "SIGINT"), interruption(SIGTERM, "SIGTERM"), interruption(SIGHUP, "SIGHUP"),
    ]
}
