import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// Compiled objects that Actorlings caches and links into every test binary, replaced between two
/// checks as learner code that may write files could replace them (Documentation/Trust.md): the
/// replacement is never linked, it is compiled again, and the verdict or the grade says so.
///
/// The unsolved `failing-test` fails one of its two tests; a forged entry point would make it pass.
@Suite("Cached objects", .serialized)
struct CachedObjectTests {
    enum Object: String, Sendable {
        /// The generated `@main`, one per toolchain, shared by every exercise.
        case entry
        /// The exercise's compiled tests.
        case tests
    }

    enum Replacement: String, Sendable {
        /// An entry point that drops every recorded issue from the event stream and exits 0.
        case forgedEntryPoint = "a forged entry point"
        /// A real object, compiled by Actorlings for another exercise.
        case anotherExercisesTests = "another exercise's tests"
        case garbage = "garbage bytes"
    }

    struct Swap: CustomTestStringConvertible, Sendable {
        var object: Object
        var replacement: Replacement
        var testDescription: String { "\(object.rawValue) object replaced by \(replacement.rawValue)" }
    }

    static let swaps = [
        Swap(object: .entry, replacement: .forgedEntryPoint),
        Swap(object: .entry, replacement: .garbage),
        Swap(object: .tests, replacement: .anotherExercisesTests),
        Swap(object: .tests, replacement: .garbage),
    ]

    @Test("check links no cached object that another process replaced: compiled again, said in one line", arguments: swaps)
    func check(_ swap: Swap) async throws {
        let course = try TestPaths.copyOfFixtureCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        if swap.replacement == .anotherExercisesTests {
            _ = try await runActorlings(["check", "passing"], in: course)
        }
        let first = try await runActorlings(["check", "failing-test"], in: course)
        #expect(first.status == 1 && first.output.contains("1 of 2 tests failed"), "\(first.output)\(first.errors)")

        let build = "\(course)/.actorlings/build"
        let object = try Self.cachedObject(swap.object, in: swap.object == .entry ? build : "\(build)/failing-test")
        let bytes = try await Self.bytes(of: swap.replacement, build: build)
        try bytes.write(to: URL(fileURLWithPath: object))

        let second = try await runActorlings(["check", "failing-test"], in: course)
        #expect(second.status == 1, "never a pass: \(second.output)\(second.errors)")
        #expect(second.output.contains("✘ failing-test: 1 of 2 tests failed"), "the honest verdict: \(second.output)")
        let shown = String(object.dropFirst(course.count + 1))
        #expect(
            second.output.contains(
                "⚠ A cached compiled object was not the one Actorlings compiled: \(shown) (does not match the digest recorded next to it)."
                    + " It was compiled again; this verdict did not use it."),
            "\(second.output)")
        try Self.expectCompiledAgain(object, replacedBy: bytes)

        // The object compiled again is believed from then on, without a word.
        let third = try await runActorlings(["check", "failing-test"], in: course)
        #expect(third.output.contains("1 of 2 tests failed") && !third.output.contains("⚠ A cached compiled object"), "\(third.output)")
    }

    @Test("grade --submission links no object of the trusted course's cache that was replaced after an earlier grade", arguments: swaps)
    func gradeWithPersistedCache(_ swap: Swap) async throws {
        let trusted = try TestPaths.copyOfFixtureCourse()
        defer { try? FileManager.default.removeItem(atPath: trusted) }
        try await commitAsShipped(trusted)
        let submission = try TestPaths.copyOfFixtureCourse()
        defer { try? FileManager.default.removeItem(atPath: submission) }

        let plain = try await Self.grade(submission, trusted: trusted)
        #expect(Self.grades(plain) == ["passing passed 1/1", "failing-test tests-failed 0/1"])
        #expect(plain.exercises.allSatisfy { !$0.flags.contains(GradedExercise.cacheTamperedFlag) }, "\(plain.exercises.map(\.flags))")

        // Every object of the kind is replaced: whichever exercise is checked first meets one.
        let cache = "\(trusted)/.actorlings/test-objects"
        let objects = try Self.cachedObjects(swap.object, in: cache)
        #expect(objects.count == (swap.object == .entry ? 1 : 2))
        var replaced: [String: Data] = [:]
        for (index, object) in objects.enumerated() {
            let bytes =
                swap.replacement == .anotherExercisesTests
                ? try Data(contentsOf: URL(fileURLWithPath: objects[(index + 1) % objects.count]))
                : try await Self.bytes(of: swap.replacement, build: cache)
            replaced[object] = bytes
        }
        for (object, bytes) in replaced {
            try bytes.write(to: URL(fileURLWithPath: object))
        }

        let attacked = try await Self.grade(submission, trusted: trusted)
        #expect(Self.grades(attacked) == Self.grades(plain), "the honest grades")
        let flagged = attacked.exercises.filter { $0.flags.contains(GradedExercise.cacheTamperedFlag) }.map(\.id)
        #expect(flagged.count == objects.count, "one flag per replaced object: \(flagged)")
        for (object, bytes) in replaced {
            try Self.expectCompiledAgain(object, replacedBy: bytes)
        }

        let again = try await Self.grade(submission, trusted: trusted)
        #expect(Self.grades(again) == Self.grades(plain))
        #expect(again.exercises.allSatisfy { !$0.flags.contains(GradedExercise.cacheTamperedFlag) }, "the cache is the grader's again")
    }

    /// What the digest file cannot tell — an object replaced together with its digest — the
    /// process that recorded the object still tells, before its next link (watch mode, one grade).
    @Test("Within one process, an object replaced together with its digest file is still caught")
    func objectAndDigestReplacedInOneProcess() async throws {
        let root = try TestPaths.copyOfFixtureCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = LocalCourseFiles(root: root)
        let course = try CourseLoader(files: files).load()
        guard case .text(let shipped) = files.read(ShippedFiles.path), let exercise = course.exercise(id: "failing-test") else {
            Issue.record("the fixture course has no \(ShippedFiles.path) or no failing-test")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let toolchain = try await Toolchain.locate(environment: environment, minimum: course.minimumSwift)
        let checker = ExerciseChecker(
            root: root, course: course, shipped: try ShippedFiles(parsing: shipped), builder: ExerciseBuilder(toolchain: toolchain, environment: environment))

        let first = try await checker.check(exercise)
        #expect(GradedExercise(exercise: exercise, verdict: first, copiedSolution: false).status == .testsFailed)
        #expect(first.tamperedObjects.isEmpty)

        let object = try Self.cachedObject(.entry, in: "\(root)/.actorlings/build")
        let forged = try await Self.bytes(of: .forgedEntryPoint, build: "\(root)/.actorlings/build")
        try forged.write(to: URL(fileURLWithPath: object))
        try ObjectLedger.digestFileText(SHA256.hash(forged), name: "object.o").write(toFile: object + ".sha256", atomically: true, encoding: .utf8)

        let second = try await checker.check(exercise)
        let graded = GradedExercise(exercise: exercise, verdict: second, copiedSolution: false)
        #expect(graded.status == .testsFailed, "the honest verdict: \(graded.reason)")
        #expect(graded.flags == [GradedExercise.cacheTamperedFlag])
        #expect(second.tamperedObjects == [TamperedObject(path: String(object.dropFirst(root.count + 1)), evidence: .changedSinceRecorded)])
        try Self.expectCompiledAgain(object, replacedBy: forged)
    }

    // MARK: - Helpers

    private static func grade(_ submission: String, trusted: String) async throws -> GradeReport {
        let output = "\(submission)-report-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try await runActorlings(
            ["grade", "--submission", submission, "--only", "passing,failing-test", "--jobs", "1", "--format", "json", "--output", output], in: trusted)
        #expect(result.status == 1, "\(result.output)\(result.errors)")
        return try GradeReportFormat.decode(Data(contentsOf: URL(fileURLWithPath: output)))
    }

    private static func grades(_ report: GradeReport) -> [String] {
        report.exercises.map { "\($0.id) \($0.status.rawValue) \($0.points)/\($0.maxPoints)" }
    }

    /// The one cached object of `kind` in `folder`.
    private static func cachedObject(_ kind: Object, in folder: String) throws -> String {
        let objects = try cachedObjects(kind, in: folder)
        guard objects.count == 1, let object = objects.first else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(folder)/\(kind.rawValue)-*/object.o (\(objects.count) found)"])
        }
        return object
    }

    private static func cachedObjects(_ kind: Object, in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("\(kind.rawValue)-") }.sorted()
            .map { "\(folder)/\($0)/object.o" }
    }

    /// The object at `path` is no longer `bytes`, and is what its digest file, written by the
    /// compile that replaced it, says.
    private static func expectCompiledAgain(_ path: String, replacedBy bytes: Data) throws {
        let now = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(now != bytes, "\(path) is still the replacement")
        let digest = try String(contentsOfFile: path + ".sha256", encoding: .utf8)
        #expect(digest == ObjectLedger.digestFileText(SHA256.hash(now), name: "object.o"))
    }

    private static func bytes(of replacement: Replacement, build: String) async throws -> Data {
        switch replacement {
        case .garbage:
            return Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        case .anotherExercisesTests:
            return try Data(contentsOf: URL(fileURLWithPath: try cachedObject(.tests, in: "\(build)/passing")))
        case .forgedEntryPoint:
            return try Data(contentsOf: URL(fileURLWithPath: try await forgedEntryObject.value))
        }
    }

    /// `Fixtures/cached-objects/ForgedEntryPoint.swift` compiled as the real entry point is.
    private static let forgedEntryObject = Task<String, any Error> {
        let environment = ProcessInfo.processInfo.environment
        let toolchain = try await Toolchain.locate(environment: environment, minimum: ToolchainVersion([6, 2]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-forged-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let output = "\(folder)/forged.o"
        let source = TestPaths.testsDirectory.appendingPathComponent("Fixtures/cached-objects/ForgedEntryPoint.swift").path
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: toolchain.swiftc,
                arguments: ["-parse-as-library", "-swift-version", "6", "-module-name", "ActorlingsTestEntry"] + toolchain.testingCompileFlags
                    + ["-c", source, "-o", output],
                environment: environment, timeLimit: .seconds(300)))
        guard case .exited(0) = result.termination else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output, NSLocalizedDescriptionKey: result.output])
        }
        return output
    }
}
