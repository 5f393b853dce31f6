import ActorlingsCore
import ActorlingsRuntime
import ActorlingsSandbox
import ActorlingsTestSupport
import Foundation
import Testing

/// Where the sandbox is required, where it is only used when the machine has one, and what a
/// report says about it. `ACTORLINGS_SANDBOX=off` plays a machine without one.
@Suite("Grading and the sandbox")
struct SandboxGradingTests {
    /// A trusted course and a submission of it, graded on `passing` only.
    static func courseAndSubmission() throws -> (trusted: String, submission: String) {
        let trusted = try TestPaths.copyOfFixtureCourse()
        let submission = try TestPaths.copyOfFixtureCourse()
        return (trusted, submission)
    }

    @Test("A submission is not graded on a machine that cannot sandbox, unless the instructor says --no-sandbox")
    func refusedWithoutSandbox() async throws {
        let (trusted, submission) = try Self.courseAndSubmission()
        defer { for path in [trusted, submission] { try? FileManager.default.removeItem(atPath: path) } }
        let refused = try await runActorlings(
            ["grade", "--submission", submission, "--only", "passing"], in: trusted, environment: ["ACTORLINGS_SANDBOX": "off"])
        #expect(refused.status == 64, "\(refused.output)\(refused.errors)")
        #expect(refused.errors.contains("cannot sandbox the tests (ACTORLINGS_SANDBOX=off)"))
        #expect(refused.errors.contains("--no-sandbox"))

        let report = "\(trusted)/report.json"
        let allowed = try await runActorlings(
            ["grade", "--submission", submission, "--only", "passing", "--no-sandbox", "--format", "json", "--output", report], in: trusted,
            environment: ["ACTORLINGS_SANDBOX": "off"])
        #expect(allowed.status == 0, "\(allowed.output)\(allowed.errors)")
        let graded = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: report)))
        #expect(graded.sandbox == GradeReport.SandboxInfo(.disabledByInstructor))

        let text = try await runActorlings(
            ["grade", "--submission", submission, "--only", "passing", "--no-sandbox", "--color", "never"], in: trusted)
        #expect(text.output.contains("Tests ran not sandboxed: --no-sandbox"), "\(text.output)")
    }

    @Test("class grade refuses the same way, and takes --no-sandbox")
    func classGradeRefuses() async throws {
        let (trusted, submission) = try Self.courseAndSubmission()
        defer { for path in [trusted, submission] { try? FileManager.default.removeItem(atPath: path) } }
        let refused = try await runActorlings(
            ["class", "grade", submission, "--only", "passing"], in: trusted, environment: ["ACTORLINGS_SANDBOX": "off"])
        #expect(refused.status == 64, "\(refused.output)\(refused.errors)")
        #expect(refused.errors.contains("cannot sandbox the tests"))
        let usage = try await runActorlings(["class", "--no-sandbox", "reports/x.json"], in: trusted)
        #expect(usage.status == 64, "--no-sandbox belongs to class grade only: \(usage.errors)")
    }

    @Test("A self-paced check still works without a sandbox, with a one-line note")
    func checkWithoutSandbox() async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let result = try await runActorlings(["check", "passing"], in: course, environment: ["ACTORLINGS_SANDBOX": "off"])
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.errors.contains("tests run without the system's sandbox here (ACTORLINGS_SANDBOX=off)"))
        #expect(result.errors.split(separator: "\n").count == 1)
    }

    @Test("A report says the tests ran sandboxed, and how", .enabled(if: Sandbox.probe().isEnforced, "this machine cannot sandbox"))
    func reportSaysSandboxed() async throws {
        let (trusted, submission) = try Self.courseAndSubmission()
        defer { for path in [trusted, submission] { try? FileManager.default.removeItem(atPath: path) } }
        let report = "\(trusted)/report.json"
        let result = try await runActorlings(
            ["grade", "--submission", submission, "--only", "passing", "--format", "json", "--output", report], in: trusted)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        let graded = try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: report)))
        #expect(graded.sandbox?.status == "enforced")
        #expect(graded.sandbox?.detail.contains("Landlock") == true || graded.sandbox?.detail.contains("Seatbelt") == true)
        #expect(!result.output.contains("Tests ran not sandboxed"))
    }

    #if os(Linux)
        /// Both launchers — the small `actorlings-sandbox` the tool uses, and the tool's own launcher
        /// mode where that one was not built — confine a program and become it; a malformed policy
        /// is the launcher's failure status with its prefix, before anything runs.
        @Test("Both launchers run a program in the sandbox, and refuse a malformed policy", arguments: [true, false])
        func launchers(small: Bool) async throws {
            let tool = URL(fileURLWithPath: TestPaths.binary)
            let launcher = small ? tool.deletingLastPathComponent().appendingPathComponent("actorlings-sandbox").path : tool.path
            let policy = [
                SandboxPolicy.launcherMode, "--read", "/usr/lib", "--read", "/lib", "--read", "/etc/ld.so.cache", "--exec", "/usr/bin/true",
                "--exec", "/lib64/ld-linux-x86-64.so.2", "--exec", "/lib/ld-linux-aarch64.so.1",
            ]
            let ran = try await Subprocess.run(
                ProcessRequest(executable: launcher, arguments: policy + ["--", "/usr/bin/true"], environment: [:], timeLimit: .seconds(30)))
            #expect(ran.termination == .exited(0), "\(ran.output)")
            // /bin/sh is not in the policy: the kernel refuses to execute it.
            let refused = try await Subprocess.run(
                ProcessRequest(executable: launcher, arguments: policy + ["--", "/bin/sh", "-c", "true"], environment: [:], timeLimit: .seconds(30)))
            #expect(refused.termination == .exited(Sandbox.launcherFailureStatus))
            #expect(refused.output.hasPrefix(Sandbox.launcherFailurePrefix + "cannot execute /bin/sh"), "\(refused.output)")
            let malformed = try await Subprocess.run(
                ProcessRequest(executable: launcher, arguments: [SandboxPolicy.launcherMode, "--read"], environment: [:], timeLimit: .seconds(30)))
            #expect(malformed.termination == .exited(Sandbox.launcherFailureStatus))
            #expect(malformed.output.hasPrefix(Sandbox.launcherFailurePrefix), "\(malformed.output)")
        }
    #endif
}
