#if os(Linux)
    import ActorlingsCore
    import ActorlingsRuntime
    import Foundation
    import Glibc
    import Testing

    /// The third round of attacks on the sandbox (Linux), with every construct allowed (`open`).
    /// Each case here is a hole that was open when it was written: a known issue, so the suite
    /// stays green while the hole is open and fails, asking to be moved to `SandboxAttackTests`,
    /// once it is closed.
    @Suite("Attacks on the sandbox, round 3", .enabled(if: Sandbox.probe().isEnforced, "this machine cannot sandbox"))
    struct SandboxAttackRound3Tests {
        /// Payloads whose honest totals come back only when the escape worked, so a pass of the
        /// unsolved exercise is the proof.
        static let passing = [
            // Swift Testing holds the stream open; /proc/self/fd names it, and it is writable.
            "sandbox-forge-the-stream-through-its-descriptor",
            // The dynamic loader may be executed, and runs any program it can read.
            "sandbox-run-a-program-through-the-loader",
            // Landlock does not govern a memfd: a copy of a readable program runs from it.
            "sandbox-run-a-program-from-memory",
        ]

        @Test("Known hole: an unsolved exercise passes through what the sandbox still allows", arguments: passing)
        func passes(_ payload: String) async throws {
            let result = try await AttackTests.check(AttackTests.Attack(payload: payload, exercise: "open", says: []))
            withKnownIssue("open in round 3: see the payload's comment") {
                #expect(result.status == 1, "the attack passed: \(result.output)")
            }
        }

        /// As root the launcher chowns every writable path to `nobody`, `/dev/null` among them.
        @Test("Known hole: a test run as nobody owns /dev/null and may chmod it", .enabled(if: getuid() == 0, "only a root grader chowns"))
        func devNull() async throws {
            let result = try await AttackTests.check(AttackTests.Attack(payload: "sandbox-chmod-dev-null", exercise: "open", says: []))
            var info = stat()
            #expect(stat("/dev/null", &info) == 0 && info.st_mode & 0o777 == 0o666, "the attack left /dev/null with another mode")
            withKnownIssue("open in round 3: the launcher chowns /dev/null, and Landlock does not govern chmod") {
                #expect(result.status == 1, "the test process could chmod /dev/null: \(result.output)")
            }
        }

        /// Where `nobody` cannot reach the course, the test runs as root without capabilities:
        /// the owner, for the kernel, of every file root owns.
        @Test("Known hole: a test run as root without capabilities chmods the course's files", .enabled(if: getuid() == 0, "only a root grader"))
        func chmodAsRoot() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-private-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let copy = try await AttackTests.copyOfAttackCourse()
            let course = "\(folder)/course"
            try FileManager.default.moveItem(atPath: copy, toPath: course)
            try FileManager.default.createDirectory(atPath: "\(course)/.git", withIntermediateDirectories: true)
            try "[core]\n".write(toFile: "\(course)/.git/config", atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: "\(course)/.git/config")

            let result = try await AttackTests.check(
                AttackTests.Attack(payload: "sandbox-chmod-the-course-as-root", exercise: "open", says: []), in: course)

            let mode = try #require(try FileManager.default.attributesOfItem(atPath: "\(course)/.git/config")[.posixPermissions] as? Int)
            withKnownIssue("open in round 3: Landlock does not govern chmod, and root without capabilities owns root's files") {
                #expect(result.status == 1, "the attack passed: \(result.output)")
                #expect(mode == 0o600, "the test process changed the course's .git/config to \(String(mode, radix: 8))")
            }
        }

        @Test("Known hole: a datagram reaches a Unix socket named by a path")
        func datagram() async throws {
            let path = "/tmp/actorlings-escape-datagram.sock"
            unlink(path)
            let listener = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            try #require(listener >= 0)
            defer {
                close(listener)
                unlink(path)
            }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0, "cannot bind \(path)")
            // Anyone may send to it, as to /dev/log: the sandbox, not the file's mode, must stop it.
            chmod(path, 0o777)
            var wait = timeval(tv_sec: 0, tv_usec: 200_000)
            setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))

            let result = try await AttackTests.check(
                AttackTests.Attack(payload: "sandbox-send-a-datagram-to-a-unix-socket", exercise: "open", says: []))

            var buffer = [UInt8](repeating: 0, count: 64)
            let received = recv(listener, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            withKnownIssue("open in round 3: seccomp refuses connect and bind, not sendto with an address") {
                #expect(result.status == 1, "the attack passed: \(result.output)")
                #expect(received <= 0, "the socket received \(String(decoding: buffer.prefix(max(0, received)), as: UTF8.self))")
            }
        }

        @Test("Known hole: a process whose main thread exited outlives the check")
        func outlive() async throws {
            let result = try await AttackTests.check(AttackTests.Attack(payload: "sandbox-outlive-the-check", exercise: "open", says: []))
            let survivors = Self.processes(named: "escaped-check")
            for pid in survivors { kill(pid, SIGKILL) }
            #expect(result.status == 0, "the payload is honest apart from what it leaves behind: \(result.output)")
            withKnownIssue("open in round 3: ProcessTree takes a process whose leader is a zombie for dead") {
                #expect(survivors.isEmpty, "still running after the check: \(survivors)")
            }
        }

        /// A race: won twice in about 24 checks here (2 cores, loaded), so tried up to eight times.
        @Test("Known hole: the grader's removal of the scratch folder deletes files outside it", .enabled(if: getuid() == 0, "the grader's rights"))
        func deleteThroughTheCleanup() async throws {
            let victim = "/tmp/actorlings-escape-victim"
            try? FileManager.default.removeItem(atPath: victim)
            try FileManager.default.createDirectory(atPath: "\(victim)/sub", withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: victim) }
            for index in 1...20 {
                try "x".write(toFile: "\(victim)/file\(index)", atomically: false, encoding: .utf8)
                try "x".write(toFile: "\(victim)/sub/g\(index)", atomically: false, encoding: .utf8)
            }
            func count() -> Int {
                ((try? FileManager.default.subpathsOfDirectory(atPath: victim)) ?? []).count
            }
            let before = count()
            let course = try await AttackTests.copyOfAttackCourse()
            defer { try? FileManager.default.removeItem(atPath: course) }
            var attempts = 0
            while attempts < 8, count() == before {
                attempts += 1
                let result = try await AttackTests.check(
                    AttackTests.Attack(payload: "sandbox-delete-through-the-scratch-cleanup", exercise: "open", says: []), in: course)
                for pid in Self.processes(named: "swap-scratch") { kill(pid, SIGKILL) }
                #expect(result.status == 0, "the payload is honest apart from its process: \(result.output)")
            }
            let after = count()
            withKnownIssue("open in round 3: FileManager.removeItem walks the scratch folder by path", isIntermittent: true) {
                #expect(after == before, "after \(attempts) checks the grader deleted \(before - after) files outside the scratch folder")
            }
        }

        /// Disruptive: while the payload's process lives (40 s), every sandboxed test run of this
        /// machine that runs as nobody is starved of threads, other suites' included. Run it alone,
        /// with `ACTORLINGS_DISRUPTIVE_ATTACKS=1`.
        @Test(
            "Known hole: one student's leftover process takes the tasks of the user every later student's test runs as",
            .enabled(if: getuid() == 0 && ProcessInfo.processInfo.environment["ACTORLINGS_DISRUPTIVE_ATTACKS"] == "1", "disruptive; root only"))
        func starveLaterStudents() async throws {
            let trusted = try await AttackTests.copyOfAttackCourse()
            defer { try? FileManager.default.removeItem(atPath: trusted) }
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-class-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let payloads = TestPaths.testsDirectory.appendingPathComponent("Fixtures/attacks/Payloads").path
            let students = ["attacker", "honest"]
            for student in students {
                let submission = "\(root)/\(student)"
                try FileManager.default.copyItem(atPath: trusted, toPath: submission)
                let source =
                    student == "attacker"
                    ? "\(payloads)/sandbox-take-the-shared-users-processes/Totals.swift" : "\(trusted)/Solutions/00-attacks/open/Totals.swift"
                let target = "\(submission)/Exercises/00-attacks/open/Sources/Totals.swift"
                try FileManager.default.removeItem(atPath: target)
                try FileManager.default.copyItem(atPath: source, toPath: target)
            }
            let output = "\(root)/grades"
            // One job: the attacker is graded first, the honest student after its check ended.
            _ = try await runActorlings(
                ["class", "grade"] + students.map { "\(root)/\($0)" } + ["--only", "open", "--jobs", "1", "--output-dir", output], in: trusted)
            for pid in Self.processes(named: "taken-tasks") { kill(pid, SIGKILL) }
            let report = try String(contentsOfFile: "\(output)/honest.json", encoding: .utf8)
            withKnownIssue("open in round 3: every test run shares one user's RLIMIT_NPROC, and the attacker's process outlived its check") {
                #expect(report.contains("\"status\" : \"passed\""), "the honest student's solution did not pass: \(report)")
            }
        }

        /// Processes with a thread of that name (`/proc/<pid>/task/<tid>/comm`).
        static func processes(named name: String) -> [pid_t] {
            let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return processes.compactMap { entry -> pid_t? in
                guard let pid = pid_t(entry), let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(entry)/task") else { return nil }
                let named = threads.contains { thread in
                    let descriptor = open("/proc/\(entry)/task/\(thread)/comm", O_RDONLY)
                    guard descriptor >= 0 else { return false }
                    defer { close(descriptor) }
                    var buffer = [UInt8](repeating: 0, count: 32)
                    let count = read(descriptor, &buffer, buffer.count)
                    return count > 0 && String(decoding: buffer.prefix(count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == name
                }
                return named ? pid : nil
            }
        }
    }
#endif
