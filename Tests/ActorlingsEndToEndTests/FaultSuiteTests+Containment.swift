import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// Faults of issue 16: descendants that escape the test's session, a tool killed outright,
/// resource limits, test runs that damage the learner's files, and bad input.
extension FaultSuiteTests {
    // MARK: - Containment

    static let containmentFaults: [Fault] = [
        Fault(
            id: "orphan-setsid-process", area: "containment", what: "a test starts `setsid -f sleep` (a new session) with `Foundation.Process`",
            expected: "passed; the escaped process is found (re-parented to actorlings) and killed", linuxOnly: true,
            setUp: { course in
                try course.syncFault(
                    """
                        let child = Process()
                        child.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
                        child.arguments = ["-f", "sleep", "3001"]
                        try? child.run()
                        return a + b
                    """, imports: "import Foundation")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("passed"))
            }),
        Fault(
            id: "orphan-setsid-posix-spawn", area: "containment",
            what: "a test starts `sh -c 'setsid sleep &'` with `posix_spawn` and lets the shell exit",
            expected: "passed; the orphan is killed", linuxOnly: true,
            setUp: { course in
                try course.syncFault(
                    """
                        var pid: pid_t = 0
                        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup("setsid sleep 3001 &"), nil]
                        _ = posix_spawn(&pid, "/bin/sh", nil, nil, argv, nil)
                        var status: Int32 = 0
                        _ = waitpid(pid, &status, 0)
                        return a + b
                    """, imports: "import Glibc")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("passed"))
            }),
        Fault(
            id: "orphan-then-interrupt", area: "containment", what: "a test starts `setsid -f sleep`, then hangs; Ctrl-C (SIGINT)",
            expected: "exit 130 at once; the test and the escaped process killed", linuxOnly: true, limit: .zero,
            setUp: { course in
                try course.edit("Exercises/00-basics/hangs/exercise.toml", replacing: "time-limit = 2", with: "time-limit = 120")
                try course.asyncFault(
                    """
                    import Foundation

                    func waitForever() async {
                        let child = Process()
                        child.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
                        child.arguments = ["-f", "sleep", "3001"]
                        try? child.run()
                        await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
                    }
                    """)
            },
            run: { course in
                let (process, took) = try await signalWhileTestsRun(course, ["check", "hangs"], signal: SIGINT)
                return (
                    "exit \(process.isRunning ? -1 : process.terminationStatus) after \(seconds(took))",
                    !process.isRunning && process.terminationStatus == 130 && took < .seconds(1)
                )
            }),
        Fault(
            id: "tool-sigkilled", area: "containment", what: "actorlings is killed with SIGKILL while a check's tests hang",
            expected: "the test binary dies with it (parent-death signal)", linuxOnly: true, limit: .zero,
            setUp: { course in
                try course.edit("Exercises/00-basics/hangs/exercise.toml", replacing: "time-limit = 2", with: "time-limit = 120")
            },
            run: { course in
                let (process, _) = try await signalWhileTestsRun(course, ["check", "hangs"], signal: SIGKILL)
                let clock = ContinuousClock()
                let killed = clock.now
                while await !course.leftoverProcesses().isEmpty, clock.now - killed < .seconds(1) {
                    try await Task.sleep(for: .milliseconds(20))
                }
                let left = await course.leftoverProcesses()
                return (
                    "actorlings \(process.isRunning ? "still running" : "killed"); test processes left after \(seconds(clock.now - killed)): \(left.count)",
                    !process.isRunning && left.isEmpty
                )
            }),
    ]

    // MARK: - Resource limits

    static let limitFaults: [Fault] = [
        Fault(
            id: "limit-memory", area: "resource limits", what: "a test allocates 4 GB", expected: "stopped at the 1 GB memory limit, and the verdict says so",
            linuxOnly: true,
            setUp: { course in
                // Reserved, never touched: the limit is reached without the machine paying for it.
                try course.syncFault(
                    """
                        var blocks: [UnsafeMutableRawPointer] = []
                        for _ in 0..<64 { blocks.append(UnsafeMutableRawPointer.allocate(byteCount: 64 << 20, alignment: 8)) }
                        return a + b + blocks.count - 64
                    """)
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("was stopped: it used more than 1 GB of memory"))
            }),
        Fault(
            id: "limit-file-size", area: "resource limits", what: "a test writes a 100 MB file",
            expected: "stopped at the 64 MB file-size limit, and the verdict says so",
            setUp: { course in
                try course.syncFault(
                    """
                        let block = Data(count: 1 << 20)
                        _ = FileManager.default.createFile(atPath: "big.bin", contents: nil)
                        if let file = FileHandle(forWritingAtPath: "big.bin") {
                            for _ in 0..<100 { file.write(block) }
                        }
                        return a + b
                    """, imports: "import Foundation")
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.first.contains("wrote a file larger than 64 MB"))
            }),
        Fault(
            id: "limit-processes", area: "resource limits",
            what: "a test starts 2,000 copies of its own binary (run as an unprivileged user: root is exempt)",
            expected: "stopped at the process limit (what the user runs + 256), and the verdict says so", linuxOnly: true,
            setUp: { course in
                try course.syncFault(
                    """
                        // The copies run this test again and wait there: the test binary is the only
                        // program the sandbox lets a test run execute.
                        if ProcessInfo.processInfo.environment["FAULT_CHILD"] != nil { sleep(3001) }
                        for _ in 0..<2000 {
                            let child = Process()
                            child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
                            child.environment = ["FAULT_CHILD": "1"]
                            // Quiet copies: what the run prints last is the parent's failure.
                            child.standardOutput = FileHandle.nullDevice
                            child.standardError = FileHandle.nullDevice
                            try! child.run()
                        }
                        return a + b
                    """, imports: "import Foundation")
                // The compiler's module cache goes under HOME, which must be the user's own.
                try FileManager.default.createDirectory(atPath: course.path("home"), withIntermediateDirectories: true)
                if TestPlatform.isRoot { try ownTree(course.root, by: 65534) }
            },
            run: { course in
                let result =
                    TestPlatform.isRoot
                    ? try await runActorlings(["check", "passing"], in: course.root, environment: ["HOME": course.path("home")], asUser: 65534)
                    : try await course.actorlings(["check", "passing"])
                let first = firstLine(result.output)
                return (first, first.contains("was stopped: it started more than 256 processes or threads"))
            }),
    ]

    // MARK: - The learner's files, damaged by a test run

    static let learnerFileFaults: [Fault] =
        [
            Fault(
                id: "run-deletes-own-file", area: "learner files", what: "a test run deletes its own exercise's file (no sandbox)",
                expected: "the file is put back and the verdict says so",
                setUp: { course in
                    try course.syncFault(
                        """
                            try? FileManager.default.removeItem(atPath: #filePath)
                            return a + b
                        """, imports: "import Foundation")
                },
                run: { course in
                    let result = try await check(course, "passing", environment: noSandbox)
                    let back = FileManager.default.fileExists(atPath: course.path("Exercises/00-basics/passing/Sources/Code.swift"))
                    return (
                        result.first + "; " + (result.output.split(separator: "\n").first { $0.contains("⚠") }.map(String.init) ?? "no warning"),
                        back && result.output.contains("put them back") && result.output.contains("passing/Sources/Code.swift (deleted)")
                    )
                }),
            Fault(
                id: "run-rewrites-other-exercise", area: "learner files", what: "a test run rewrites another exercise's file (no sandbox)",
                expected: "the file is put back; what the run wrote is kept in backups",
                setUp: { course in
                    try course.syncFault(
                        """
                            let other = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                                .appendingPathComponent("../../failing-test/Sources/Code.swift").path
                            try? "// overwritten by another exercise's tests\\n".write(toFile: other, atomically: true, encoding: .utf8)
                            return a + b
                        """, imports: "import Foundation")
                },
                run: { course in
                    let result = try await check(course, "passing", environment: noSandbox)
                    let text = (try? course.read("Exercises/00-basics/failing-test/Sources/Code.swift")) ?? ""
                    return (
                        result.first + "; restored: \(!text.contains("overwritten"))",
                        !text.contains("overwritten") && result.output.contains("failing-test/Sources/Code.swift (changed; what the run left is kept in")
                    )
                }),
            Fault(
                id: "run-deletes-other-tests", area: "learner files", what: "a test run deletes another exercise's protected tests (no sandbox)",
                expected: "the tests are put back (that exercise still checks normally)",
                setUp: { course in
                    try course.syncFault(
                        """
                            let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                                .appendingPathComponent("../../failing-test/Tests/CodeTests.swift").path
                            try? FileManager.default.removeItem(atPath: tests)
                            return a + b
                        """, imports: "import Foundation")
                },
                run: { course in
                    let result = try await check(course, "passing", environment: noSandbox)
                    let back = FileManager.default.fileExists(atPath: course.path("Exercises/00-basics/failing-test/Tests/CodeTests.swift"))
                    return (result.first + "; tests back: \(back)", back && result.output.contains("CodeTests.swift (deleted)"))
                }),
        ] + sandboxedLearnerFileFaults

    /// The faults above run without the sandbox (a machine without one), where the tool's
    /// snapshot puts the files back; in the sandbox the damage never happens.
    static let noSandbox = ["ACTORLINGS_SANDBOX": "off"]

    /// The same damage tried in the sandbox: refused by the kernel, so the files are untouched
    /// and there is nothing to put back.
    static let sandboxedLearnerFileFaults: [Fault] =
        Sandbox.probe().isEnforced
        ? [
            ("own-file", "its own exercise's file", "try? FileManager.default.removeItem(atPath: #filePath)", "passing/Sources/Code.swift"),
            (
                "other-exercise", "another exercise's file",
                """
                try? "// overwritten\\n".write(toFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .appendingPathComponent("../../failing-test/Sources/Code.swift").path, atomically: true, encoding: .utf8)
                """, "failing-test/Sources/Code.swift"
            ),
            (
                "other-tests", "another exercise's protected tests",
                """
                try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                    .appendingPathComponent("../../failing-test/Tests/CodeTests.swift").path)
                """, "failing-test/Tests/CodeTests.swift"
            ),
        ].map { id, what, damage, file in
            Fault(
                id: "sandboxed-run-damages-\(id)", area: "learner files", what: "a test run in the sandbox deletes or rewrites \(what)",
                expected: "refused by the sandbox: the file is untouched, nothing to put back",
                setUp: { course in try course.syncFault("    \(damage)\n    return a + b", imports: "import Foundation") },
                run: { course in
                    let before = try course.read("Exercises/00-basics/\(file)")
                    let result = try await check(course, "passing")
                    let after = (try? course.read("Exercises/00-basics/\(file)")) ?? "(missing)"
                    return (
                        result.first + "; untouched: \(after == before)",
                        after == before && result.status == 0 && !result.output.contains("put them back")
                    )
                })
        }
        : []

    // MARK: - Bad input

    static let inputFaults: [Fault] = [
        Fault(
            id: "root-missing", area: "bad input", what: "`--root` names a folder that does not exist (inside a checkout)",
            expected: "usage error (exit 64); no walking up to the checkout around it", limit: .zero,
            run: { course in
                let result = try await course.actorlings(["--root", course.path("Exercises/nope"), "list"])
                return (firstLine(result.errors), result.status == 64 && result.errors.contains("there is no such folder"))
            }),
        Fault(
            id: "root-not-a-course", area: "bad input", what: "`--root` names a folder inside the checkout, not its root",
            expected: "usage error (exit 64) saying it is not a checkout", limit: .zero,
            run: { course in
                let result = try await course.actorlings(["--root", course.path("Exercises"), "list"])
                return (firstLine(result.errors), result.status == 64 && result.errors.contains("is not an Actorlings checkout"))
            }),
        Fault(
            id: "checkout-read-only", area: "bad input", what: "the checkout is read-only (run as an unprivileged user)",
            expected: "exit 70 with a message saying what to do; no raw NSCocoaErrorDomain", linuxOnly: true, limit: .zero,
            setUp: { course in
                try chmodTree(course.root, writable: false)
            },
            run: { course in
                defer { try? chmodTree(course.root, writable: true) }
                let result =
                    getuid() == 0
                    ? try await runActorlings(["check", "passing"], in: course.root, asUser: 65534)
                    : try await course.actorlings(["check", "passing"])
                return (
                    firstLine(result.errors),
                    result.status == 70 && result.errors.contains("permission denied") && !result.errors.contains("NSCocoaErrorDomain")
                )
            }),
        Fault(
            id: "progress-huge", area: "bad input", what: "the progress file is 150 MB",
            expected: "set aside unread at once, with a message", limit: .zero,
            setUp: { course in
                try FileManager.default.createDirectory(atPath: course.path(".actorlings"), withIntermediateDirectories: true)
                try sparseFile(course.path(".actorlings/progress.json"), size: 150 << 20)
            },
            run: { course in
                let result = try await course.actorlings(["list"])
                return (firstLine(result.errors), result.status == 0 && result.errors.contains("far larger than a progress file can be"))
            }),
        Fault(
            id: "source-huge", area: "bad input", what: "the exercise file is 16 MB",
            expected: "refused before compiling (within the 1 s of locating the compiler), saying how to restore it", limit: .seconds(1),
            setUp: { course in
                try sparseFile(course.path("Exercises/00-basics/passing/Sources/Code.swift"), size: 16 << 20)
            },
            run: { course in
                let result = try await check(course, "passing")
                return (result.first, result.status == 1 && result.output.contains("is 16 MB") && result.output.contains("reset passing"))
            }),
        Fault(
            id: "compile-stuck", area: "bad input", what: "the compiler runs past the exercise's compile time limit (`compile-time-limit = 1`)",
            expected: "stopped at 1 s; advice about stuck compiles, not about continuations", limit: .seconds(1),
            setUp: { course in
                try course.edit("Exercises/00-basics/passing/exercise.toml", replacing: "time-limit = 10", with: "time-limit = 10\ncompile-time-limit = 1")
                // Twelve seconds of type checking on this machine (without a contextual type for the
                // expression): a realistic stuck compile.
                try course.write(
                    "Exercises/00-basics/passing/Sources/Code.swift",
                    """
                    func add(_ a: Int, _ b: Int) -> Int { a + b }

                    func stuck() -> Double {
                        let value = 1 + 2.0 * 3 - 4 / 5 + 6 * 7 - 8 + 9 * 10 - 11 / 12 + 13 * 14 - 15 + 16 / 17 * 18 - 19 + 20 * 21 - 22 / 23 + 24 - 25 * 26 + 27 / 28
                        return value
                    }

                    """)
            },
            run: { course in
                let result = try await check(course, "passing")
                return (
                    result.first,
                    result.first.contains("did not compile within 1 s") && !result.output.contains("continuation")
                        && result.output.contains("split long expressions")
                )
            }),
        Fault(
            id: "explain-build-sigterm", area: "bad input", what: "SIGTERM while `explain --build` compiles a package",
            expected: "exit 130 at once; no swift-build, swiftc or swift-frontend left; scratch folder removed", limit: .seconds(120),
            setUp: { course in
                let filler = (0..<6000).map { "public func filler\($0)(_ x: Int) -> Int { x &* \($0) &+ \($0 % 7) }" }.joined(separator: "\n")
                try FileManager.default.createDirectory(atPath: course.path("slowpkg/Sources/Slow"), withIntermediateDirectories: true)
                try course.write(
                    "slowpkg/Package.swift",
                    "// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"Slow\", targets: [.target(name: \"Slow\")])\n")
                try course.write("slowpkg/Sources/Slow/Slow.swift", filler + "\n")
                try FileManager.default.createDirectory(atPath: course.path("tmp"), withIntermediateDirectories: true)
            },
            run: { course in
                let process = try await launchActorlings(
                    ["--root", TestPaths.repositoryRoot, "explain", "--build", course.path("slowpkg")], in: course.root,
                    environment: ["TMPDIR": course.path("tmp")])
                let clock = ContinuousClock()
                let launched = clock.now
                while await course.leftoverProcesses(marker: "slowpkg").count(where: { $0.contains("swift-frontend") }) == 0, process.isRunning,
                    clock.now - launched < .seconds(90)
                {
                    try await Task.sleep(for: .milliseconds(50))
                }
                let compiling = await !course.leftoverProcesses(marker: "slowpkg").isEmpty
                let sent = clock.now
                kill(process.processIdentifier, SIGTERM)
                while process.isRunning, clock.now - sent < .seconds(10) {
                    try await Task.sleep(for: .milliseconds(20))
                }
                let took = clock.now - sent
                let left = await course.leftoverProcesses(marker: "slowpkg")
                let scratch = ((try? FileManager.default.contentsOfDirectory(atPath: course.path("tmp"))) ?? []).filter { $0.hasPrefix("actorlings-explain") }
                return (
                    "compiling when signalled: \(compiling); exit \(process.isRunning ? -1 : process.terminationStatus) after \(seconds(took)); "
                        + "processes left: \(left.count); scratch folders left: \(scratch.count)",
                    compiling && !process.isRunning && process.terminationStatus == 130 && took < .seconds(1) && left.isEmpty && scratch.isEmpty
                )
            }),
        Fault(
            id: "class-csv-formula", area: "bad input", what: "a student's repository name is a spreadsheet formula (`=HYPERLINK(…)`)",
            expected: "class.csv writes it as text, never as a formula", limit: .seconds(60),
            run: { course in
                // The username column is the repository's last component, which the student names.
                let formula = "=HYPERLINK(\"evil.example\",\"click\")"
                let grade = try await course.actorlings(
                    ["grade", "--only", "passing", "--format", "json", "--output", "report.json"],
                    environment: ["GITHUB_REPOSITORY": "class/" + formula])
                let summary = try await course.actorlings(["class", "report.json", "--format", "csv"])
                let cells = summary.output.split(separator: "\n").dropFirst().compactMap { $0.split(separator: ",").dropFirst().first }
                return (
                    "grade exit \(grade.status); username cell: \(cells.first.map(String.init) ?? "none")",
                    summary.status == 0 && !cells.isEmpty && cells.allSatisfy { $0.hasPrefix("\"'=") || $0.hasPrefix("'=") }
                )
            }),
    ]

    // MARK: - Helpers

    static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? ""
    }

    /// Starts the real binary without waiting for it.
    static func launchActorlings(_ arguments: [String], in directory: String, environment: [String: String] = [:]) async throws
        -> TestProcess.Background
    {
        try await TestProcess.startActorlings(arguments, in: directory, environment: environment)
    }

    /// Runs `arguments` until its tests run, sends `signal`, and waits (up to 10 s) for the tool to end.
    static func signalWhileTestsRun(_ course: FaultCourse, _ arguments: [String], signal: Int32) async throws -> (TestProcess.Background, Duration) {
        let process = try await launchActorlings(arguments, in: course.root)
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
        return (process, clock.now - sent)
    }

    /// A file of `size` bytes that takes no disk space.
    static func sparseFile(_ path: String, size: Int) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    /// Gives every file and folder under `root` to `user` (the caller must be root).
    static func ownTree(_ root: String, by user: Int) throws {
        var paths = [root]
        if let walker = FileManager.default.enumerator(atPath: root) {
            for case let relative as String in walker { paths.append(root + "/" + relative) }
        }
        for path in paths {
            try FileManager.default.setAttributes([.ownerAccountID: user, .groupOwnerAccountID: user], ofItemAtPath: path)
        }
    }

    /// Makes every file and folder under `root` read-only (or writable again for its owner).
    static func chmodTree(_ root: String, writable: Bool) throws {
        var paths = [root]
        if let walker = FileManager.default.enumerator(atPath: root) {
            for case let relative as String in walker { paths.append(root + "/" + relative) }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            let mode: Int = isDirectory.boolValue ? (writable ? 0o755 : 0o555) : (writable ? 0o644 : 0o444)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
    }
}
