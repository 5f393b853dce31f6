import ActorlingsTestSupport

#if os(Linux)
    import ActorlingsCore
    import ActorlingsRuntime
    import Foundation
    import Glibc
    import Testing

    /// The third round of attacks on the sandbox (Linux), with every construct allowed (`open`),
    /// by a helper who had not written the sandbox. Six of its holes are closed and are ordinary
    /// cases now; the two that stay open (in-process forgery of the stream, and programs run
    /// through the dynamic loader, both inside the sandbox) are known issues, described in
    /// Documentation/Trust.md, "What remains".
    @Suite("Attacks on the sandbox, round 3", .enabled(if: Sandbox.probe().isEnforced, "this machine cannot sandbox"))
    struct SandboxAttackRound3Tests {
        /// Payloads whose honest totals come back only when the escape worked, so a pass of the
        /// unsolved exercise is the proof.
        static let passing = [
            // Swift Testing holds the stream open; /proc/self/fd names it, and it is writable.
            "sandbox-forge-the-stream-through-its-descriptor",
            // The dynamic loader may be executed, and runs any program it can read.
            "sandbox-run-a-program-through-the-loader",
        ]

        @Test("Known hole: an unsolved exercise passes through what the sandbox still allows", arguments: passing)
        func passes(_ payload: String) async throws {
            let result = try await AttackTests.check(AttackTests.Attack(payload: payload, exercise: "open", says: []))
            // The forgery races Swift Testing's own writes to the stream: it wins in most runs, not
            // all (seen once in a clean-clone CI run), so an attack that failed is no failure here.
            withKnownIssue("open: see the payload's comment and Trust.md, What remains", isIntermittent: true) {
                #expect(result.status == 1, "the attack passed: \(result.output)")
            }
        }

        /// Closed: seccomp refuses `memfd_create`, a file Landlock does not govern.
        @Test("A copy of a program written to memory cannot be run")
        func memfd() async throws {
            let result = try await AttackTests.check(AttackTests.Attack(payload: "sandbox-run-a-program-from-memory", exercise: "open", says: []))
            #expect(result.status == 1, "the attack passed: \(result.output)")
        }

        /// Closed: as root the launcher chowned every writable path to the test's user, `/dev/null`
        /// among them; now only the run's own folder and stream.
        @Test("A test run does not own /dev/null and may not chmod it", .enabled(if: getuid() == 0, "only a root grader chowns"))
        func devNull() async throws {
            let result = try await AttackTests.check(AttackTests.Attack(payload: "sandbox-chmod-dev-null", exercise: "open", says: []))
            var info = stat()
            #expect(stat("/dev/null", &info) == 0 && info.st_mode & 0o777 == 0o666, "the attack left /dev/null with another mode")
            #expect(result.status == 1, "the test process could chmod /dev/null: \(result.output)")
            #expect(stat("/dev/null", &info) == 0 && info.st_uid == 0, "/dev/null changed owner")
        }

        /// Where no unprivileged user can reach the course, the test runs as root without
        /// capabilities: the owner, for the kernel, of every file root owns. Closed: seccomp
        /// refuses a root test's chmod, chown, utime and xattr calls.
        @Test("A test run as root without capabilities cannot chmod the course's files", .enabled(if: getuid() == 0, "only a root grader"))
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
            #expect(result.status == 1, "the attack passed: \(result.output)")
            #expect(mode == 0o600, "the test process changed the course's .git/config to \(String(mode, radix: 8))")
        }

        /// Closed: seccomp refuses `socket` of every family (a pair still works).
        @Test("No datagram reaches a Unix socket named by a path")
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
            #expect(result.status == 1, "the attack passed: \(result.output)")
            #expect(received <= 0, "the socket received \(String(decoding: buffer.prefix(max(0, received)), as: UTF8.self))")
        }

        /// Closed: a leader whose main thread ended is alive while its other threads run, and is killed.
        @Test("A process whose main thread exited does not outlive the check")
        func outlive() async throws {
            let result = try await AttackTests.check(AttackTests.Attack(payload: "sandbox-outlive-the-check", exercise: "open", says: []))
            let survivors = Self.processes(named: "escaped-check")
            for pid in survivors { kill(pid, SIGKILL) }
            #expect(result.status == 0, "the payload is honest apart from what it leaves behind: \(result.output)")
            #expect(survivors.isEmpty, "still running after the check: \(survivors)")
        }

        /// A race, won twice in about 24 checks before (2 cores, loaded), so tried eight times.
        /// Closed twice over: the payload's process is killed before the cleanup, and the scratch
        /// folder is removed through open handles that never follow a link.
        @Test("The grader's removal of the scratch folder deletes nothing outside it", .enabled(if: getuid() == 0, "the grader's rights"))
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
            #expect(after == before, "after \(attempts) checks the grader deleted \(before - after) files outside the scratch folder")
        }

        /// Closed: each run has a user of its own, so its process limit is its own, and its
        /// processes end with its check. Was disruptive when every run was `nobody`; still run only
        /// with `ACTORLINGS_DISRUPTIVE_ATTACKS=1`, where the fallback to `nobody` would starve others.
        @Test(
            "One student's threads cannot take the process limit of a later student's test run",
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
            #expect(report.contains("\"status\" : \"passed\""), "the honest student's solution did not pass: \(report)")
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
