import ActorlingsCore
import ActorlingsTestSupport
import Foundation
import Testing

@testable import ActorlingsRuntime

/// A determined learner's attacks on a verdict, each a payload in `Fixtures/attacks/Payloads`,
/// run through the real binary against a course that uses the real course's constructs.
///
/// `guarded` forbids what the course forbids by default; `open` allows every construct, so what
/// stops an attack there is the test run's own checks (arguments the learner cannot change, an
/// event stream whose path learner code never sees, every expected test run exactly once).
@Suite("Attacks on a verdict")
struct AttackTests {
    struct Attack: CustomTestStringConvertible, Sendable {
        var payload: String
        var exercise: String
        /// The verdict's words that must appear: the construct's name, or what happened to the run.
        var says: [String]
        var testDescription: String { "\(payload) (\(exercise))" }
    }

    static let attacks: [Attack] = [
        // What the run itself catches, with every construct allowed.
        Attack(payload: "exit-early", exercise: "open", says: ["not all tests ran", "ended before Swift Testing finished it"]),
        Attack(payload: "forge-event-stream", exercise: "open", says: ["not all tests ran", "ended before Swift Testing finished it"]),
        Attack(payload: "reexec-with-filter", exercise: "open", says: ["not all tests ran"]),
        // What the compiler's view of the code catches, however it is spelled.
        Attack(payload: "exit-early", exercise: "guarded", says: ["process control", "at Exercises/00-attacks/guarded/Sources/Totals.swift:5"]),
        Attack(payload: "forge-event-stream", exercise: "guarded", says: ["CommandLine / ProcessInfo"]),
        Attack(payload: "reexec-with-filter", exercise: "guarded", says: ["CommandLine / ProcessInfo", "forbids"]),
        Attack(payload: "unchecked-qualified", exercise: "guarded", says: ["@unchecked Sendable"]),
        Attack(payload: "unchecked-typealias", exercise: "guarded", says: ["@unchecked Sendable"]),
        Attack(payload: "regex-sandwich", exercise: "guarded", says: ["nonisolated(unsafe)", "Totals.swift:5"]),
        Attack(payload: "unsafe-bitcast-main-actor", exercise: "guarded", says: ["unsafeBitCast"]),
        Attack(payload: "silgen-name", exercise: "guarded", says: ["@_ attributes"]),
        Attack(payload: "c-symbol", exercise: "guarded", says: ["@c functions", "Totals.swift:4"]),
        Attack(payload: "run-before-main", exercise: "guarded", says: ["@section", "Totals.swift:3"]),
        Attack(payload: "read-arguments", exercise: "guarded", says: ["CommandLine / ProcessInfo"]),
        Attack(payload: "exit-through-a-variable", exercise: "guarded", says: ["process control"]),
        Attack(payload: "shadow-testing-module", exercise: "guarded", says: ["a declaration named like a module"]),
        Attack(payload: "import-testing", exercise: "guarded", says: ["import of a test framework"]),
        Attack(payload: "write-a-file", exercise: "guarded", says: ["FileManager / FileHandle"]),
        Attack(payload: "write-a-file-through-a-collection", exercise: "guarded", says: ["FileManager / FileHandle", "Totals.swift:7"]),
        Attack(payload: "write-a-file-through-an-archiver", exercise: "guarded", says: ["FileManager / FileHandle", "Totals.swift:5"]),
        Attack(payload: "write-through-preferences", exercise: "guarded", says: ["FileManager / FileHandle", "Totals.swift:6"]),
        Attack(payload: "read-through-nsdata", exercise: "guarded", says: ["FileManager / FileHandle", "Totals.swift:6"]),
        Attack(payload: "dynamic-symbol", exercise: "guarded", says: ["dlopen / dlsym"]),
        // The toolchain's C modules are system libraries too, however the import is spelled.
        Attack(
            payload: "import-a-runtime-shim", exercise: "guarded",
            says: ["import of a test framework or a system library at Exercises/00-attacks/guarded/Sources/Totals.swift:3"]),
        Attack(payload: "scoped-import-of-a-shim", exercise: "guarded", says: ["import of a test framework or a system library", "Totals.swift:3"]),
        Attack(payload: "semaphore-through-c-dispatch", exercise: "guarded", says: ["import of a test framework or a system library", "Totals.swift:3"]),
        // What the toolchain itself stops: a second `main` does not link (ld.lld: duplicate symbol).
        Attack(payload: "second-main", exercise: "guarded", says: ["does not compile", "the link failed", "Guarded.o:(main)"]),
        // Standard names the tests use, declared at the top level of the learner's module.
        Attack(payload: "shadow-task", exercise: "guarded", says: ["a declaration named like a standard type or function", "Totals.swift:5"]),
        Attack(payload: "top-level-generic-equality", exercise: "guarded", says: ["a declaration named like a standard type or function"]),
        // With every construct allowed, overload ranking prefers Int's own `==`: the tests fail honestly.
        Attack(payload: "top-level-generic-equality", exercise: "open", says: ["3 of 4 tests failed"]),
        // Names the tests resolve in the learner's module: only what they resolve in the reference
        // solution's (Exercises/test-references.txt), with every construct allowed or not.
        Attack(
            payload: "shadow-standard-equality", exercise: "guarded",
            says: [
                "your `Int.==` (Exercises/00-attacks/guarded/Sources/Totals.swift:5), which the tests' `==` on `Int` resolved to",
                "at Exercises/00-attacks/guarded/Tests/TotalsTests.swift:5", "the `==` they use against the reference solution",
            ]),
        Attack(payload: "shadow-standard-equality", exercise: "open", says: ["your `Int.==`", "TotalsTests.swift:5"]),
        Attack(
            payload: "always-equal-result", exercise: "guarded",
            says: [
                "`Swift.Equatable.==` on `Sum`, which the tests' `==` used at Exercises/00-attacks/guarded/Tests/TotalsTests.swift:5",
                "your type `Sum` (its initializer at Exercises/00-attacks/guarded/Sources/Totals.swift:4)",
            ]),
        Attack(payload: "always-equal-result", exercise: "open", says: ["`Swift.Equatable.==` on `Sum`"]),
        // A learner's tests are code too: the names they use are screened like any exercise's.
        Attack(
            payload: "tests-that-remember-the-first-module", exercise: "tested",
            says: ["FileManager / FileHandle at Exercises/00-attacks/tested/Tests/TotalsTests.swift:9"]),
        // Constructs scoped to files, and an exercise's own construct.
        Attack(
            payload: "bridge-bypassed", exercise: "bridged",
            says: ["LegacyClient.fetch(completion:) at Exercises/00-attacks/bridged/Sources/Caller.swift:4", "Call the bridge"]),
        // The vendor's file is protected: a hop moved there is an edit of a protected file.
        Attack(payload: "hop-hidden-in-the-vendor-file", exercise: "bridged", says: ["Vendor.swift", "protected"]),
        Attack(payload: "queue-outside-the-bridge", exercise: "bridged", says: ["DispatchQueue at Exercises/00-attacks/bridged/Sources/Caller.swift:7"]),
    ]

    @Test("An attack gets a verdict that is not a pass and names what happened", arguments: attacks)
    func attack(_ attack: Attack) async throws {
        let result = try await Self.check(attack)
        #expect(result.status == 1, "an attack must never pass: \(result.output)\(result.errors)")
        for words in attack.says {
            #expect(result.output.contains(words), "the verdict should say \"\(words)\":\n\(result.output)")
        }
    }

    @Test("A comparison remembered clean in one process (watch mode) never hides an attack saved after it")
    func rememberedCleanComparison() async throws {
        let course = try await Self.copyOfAttackCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let files = LocalCourseFiles(root: course)
        let loaded = try CourseLoader(files: files).load()
        guard case .text(let shippedText) = files.read(ShippedFiles.path) else {
            Issue.record("the attack course has no \(ShippedFiles.path)")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let toolchain = try await Toolchain.locate(environment: environment, minimum: loaded.minimumSwift)
        let checker = ExerciseChecker(
            root: course, course: loaded, shipped: try ShippedFiles(parsing: shippedText),
            builder: ExerciseBuilder(toolchain: toolchain, environment: environment))
        let exercise = try #require(loaded.exercise(id: "guarded"))
        let learnerFile = "\(course)/Exercises/00-attacks/guarded/Sources/Totals.swift"
        let solution = try String(contentsOfFile: "\(course)/Solutions/00-attacks/guarded/Totals.swift", encoding: .utf8)
        let attack = try String(
            contentsOfFile: TestPaths.testsDirectory.appendingPathComponent("Fixtures/attacks/Payloads/shadow-standard-equality/Totals.swift").path,
            encoding: .utf8)

        for (text, attacked) in [(solution, false), ("// A comment changes nothing.\n" + solution, false), (attack, true), (solution, false)] {
            try text.write(toFile: learnerFile, atomically: true, encoding: .utf8)
            let outcome = try await checker.check(exercise).outcome
            if attacked {
                guard case .forbidden(let findings) = outcome else {
                    Issue.record("the attack after a clean check was not refused: \(outcome.kind)")
                    continue
                }
                #expect(findings.map(\.construct.id) == [TestReferences.constructID])
            } else {
                #expect(outcome.isPassed, "\(outcome)")
            }
        }
    }

    @Test("A process remembers at most so many clean comparisons, the oldest forgotten first")
    func cleanComparisonsAreBounded() async {
        let remembered = CleanComparisons(capacity: 2)
        let keys = (0..<3).map { Data([UInt8($0)]) }
        for key in keys { await remembered.insert(key) }
        await remembered.insert(keys[2])  // again: no second place
        #expect(await !remembered.contains(keys[0]))
        #expect(await remembered.contains(keys[1]))
        #expect(await remembered.contains(keys[2]))
    }

    /// Checks a copy of the attack course in which the payload replaced the learner's files it
    /// contains (in `Sources/`, or in `Tests/` for a write-tests exercise).
    static func check(_ attack: Attack) async throws -> (status: Int32, output: String, errors: String) {
        let course = try await Self.copyOfAttackCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        return try await check(attack, in: course)
    }

    /// Checks `course`, a copy of the attack course, once the payload replaced the learner's files.
    static func check(_ attack: Attack, in course: String, environment: [String: String] = [:]) async throws -> (
        status: Int32, output: String, errors: String
    ) {
        let payload = TestPaths.testsDirectory.appendingPathComponent("Fixtures/attacks/Payloads/\(attack.payload)").path
        for file in try FileManager.default.contentsOfDirectory(atPath: payload) {
            let target = learnerFile(file, of: attack.exercise, in: course)
            try FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: "\(payload)/\(file)", toPath: target)
        }
        let result = try await runActorlings(["check", attack.exercise, "--color", "never"], in: course, environment: environment)
        return (result.status, result.output, result.errors)
    }

    static func learnerFile(_ name: String, of exercise: String, in course: String) -> String {
        let folder = "\(course)/Exercises/00-attacks/\(exercise)"
        let test = "\(folder)/Tests/\(name)"
        return FileManager.default.fileExists(atPath: test) ? test : "\(folder)/Sources/\(name)"
    }

    @Test("Honest work still passes in every exercise", arguments: [("guarded", 4), ("open", 4), ("bridged", 1), ("tested", 1)])
    func honestWork(_ exercise: String, tests: Int) async throws {
        let course = try await Self.copyOfAttackCourse()
        defer { try? FileManager.default.removeItem(atPath: course) }
        let solution = "\(course)/Solutions/00-attacks/\(exercise)"
        for file in try FileManager.default.contentsOfDirectory(atPath: solution) {
            let target = Self.learnerFile(file, of: exercise, in: course)
            try FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: "\(solution)/\(file)", toPath: target)
        }

        let result = try await runActorlings(["check", exercise, "--color", "never"], in: course)
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("\(tests) test"))
    }

    /// A private copy of the attack course whose `course.toml` is the real course's header,
    /// forbidden list and constructs followed by the fixture's steps, and whose generated files
    /// (shipped-file list, what the tests use of each reference solution) are generated for it.
    static func copyOfAttackCourse() async throws -> String {
        let template = try await Self.template.value
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-attacks-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: template, toPath: destination)
        return destination
    }

    /// The attack course, generated once per test process: `dev generate` compiles every
    /// reference solution, which every attack would otherwise pay again.
    static let template = Task<String, any Error> {
        let fixture = TestPaths.testsDirectory.appendingPathComponent("Fixtures/attacks").path
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("actorlings-attacks-template-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: fixture, toPath: destination)
        try FileManager.default.removeItem(atPath: "\(destination)/Payloads")
        let real = try String(contentsOfFile: "\(TestPaths.repositoryRoot)/Exercises/course.toml", encoding: .utf8)
        let header = real.components(separatedBy: "\n[[step]]").first ?? real
        let steps = try String(contentsOfFile: "\(destination)/Exercises/steps.toml", encoding: .utf8)
        try (header + "\n" + steps).write(toFile: "\(destination)/Exercises/course.toml", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: "\(destination)/Exercises/steps.toml")
        let generated = try await runActorlings(["dev", "generate"], in: destination)
        guard generated.status == 0 else { throw AttackCourseError(output: generated.output + generated.errors) }
        try? FileManager.default.removeItem(atPath: "\(destination)/.actorlings")
        return destination
    }
}

/// `dev generate` failed in the attack course: every attack's test fails with what it said.
struct AttackCourseError: Error, CustomStringConvertible {
    var output: String
    var description: String { "dev generate failed in the attack course:\n\(output)" }
}

/// Which findings count, given an exercise's `[only-in]` and `allow-while-shipped`.
@Suite("Scoped constructs")
struct ScopedConstructTests {
    static let construct = Construct(id: "unchecked-sendable", name: "@unchecked Sendable", matchers: [.syntax("@unchecked")], why: "w", instead: "i")
    static let queue = Construct(id: "dispatch-queue", name: "DispatchQueue", matchers: [.references(["Dispatch.DispatchQueue"])], why: "w", instead: "i")

    static func finding(_ construct: Construct, in file: String) -> ForbiddenFinding {
        ForbiddenFinding(construct: construct, file: file, line: 1, column: 1, lineText: "")
    }

    @Test("allow-while-shipped tolerates a construct only in a file still as shipped; [only-in] only in its files")
    func kept() {
        var exercise = Exercise(
            id: "x", title: "X", stepNumber: 0, section: "s", files: ["A.swift", "B.swift"], testFiles: [], settings: CompilerSettings(),
            expectedFailure: .tests([]), forbidden: ["unchecked-sendable", "dispatch-queue"], hints: [], afterPass: "", timeLimit: .seconds(1),
            points: 1, directory: "Exercises/00-s/x", solutionDirectory: "Solutions/00-s/x")
        exercise.allowedWhileShipped = ["unchecked-sendable"]
        exercise.onlyIn = ["dispatch-queue": ["B.swift"]]
        let screen = BuildRequest.Screen(
            finder: ConstructFinder(constructs: [Self.construct, Self.queue]), sources: [], exercise: exercise,
            shippedAsIs: ["Exercises/00-s/x/Sources/A.swift"])
        let findings = [
            Self.finding(Self.construct, in: "Exercises/00-s/x/Sources/A.swift"),
            Self.finding(Self.construct, in: "Exercises/00-s/x/Sources/B.swift"),
            Self.finding(Self.construct, in: "Solutions/00-s/x/A.swift"),
            Self.finding(Self.queue, in: "Exercises/00-s/x/Sources/A.swift"),
            Self.finding(Self.queue, in: "Exercises/00-s/x/Sources/B.swift"),
        ]
        #expect(
            screen.kept(findings).map { "\($0.construct.id) \($0.file)" } == [
                "unchecked-sendable Exercises/00-s/x/Sources/B.swift", "unchecked-sendable Solutions/00-s/x/A.swift",
                "dispatch-queue Exercises/00-s/x/Sources/A.swift",
            ])
    }
}
