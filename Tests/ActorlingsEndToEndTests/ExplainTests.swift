import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// `actorlings explain` with the repository's knowledge base.
@Suite("Explain")
struct ExplainTests {
    @Test("A pasted diagnostic gets its meaning, fixes, wrong fix, lesson and documentation link")
    func pasted() async throws {
        let result = try await runActorlings(
            [
                "explain",
                "Feed.swift:3:5: error: var 'refreshCount' is not concurrency-safe because it is nonisolated global shared mutable state [#MutableGlobalVariable]",
            ], in: TestPaths.repositoryRoot)
        #expect(result.status == 0)
        for part in [
            "What it means", "What to do, in this order", "The tempting wrong fix", "Lesson: Lessons/01-single-threaded.md#global-and-static-mutable-state",
            "https://docs.swift.org/compiler/documentation/diagnostics/mutable-global-variable",
        ] {
            #expect(result.output.contains(part), "missing \(part)")
        }
    }

    @Test("A group name, a run-time report from standard input, and an unknown message")
    func otherInputs() async throws {
        let group = try await runActorlings(["explain", "SendingRisksDataRace"], in: TestPaths.repositoryRoot)
        #expect(group.status == 0)
        #expect(!group.output.hasPrefix("error:"))
        let sample = TestPaths.testsDirectory.appendingPathComponent("Fixtures/diagnostics/runtime-continuation-leaked.txt").path
        let piped = try await runActorlings(["explain"], in: TestPaths.repositoryRoot, stdin: sample)
        #expect(piped.status == 0)
        #expect(piped.output.contains("What it means"))
        let unknown = try await runActorlings(["explain", "cannot find 'frobnicate' in scope"], in: TestPaths.repositoryRoot)
        #expect(unknown.status == 1)
        #expect(unknown.output.contains("Actorlings has no explanation for this one yet"))
    }

    @Test("explain --build groups a package's concurrency diagnostics with counts; exit code is the build's")
    func build() async throws {
        let package = TestPaths.testsDirectory.appendingPathComponent("Fixtures/explain-package").path
        let files = FileManager.default
        let resolved = try Data(contentsOf: URL(fileURLWithPath: package + "/Package.resolved"))
        // SwiftPM puts lock files in TMPDIR: the tool gives it a folder of its own and removes it.
        let temporary = files.temporaryDirectory.appendingPathComponent("explain-tmp-\(UUID().uuidString)").path
        try files.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? files.removeItem(atPath: temporary) }
        // The build folder is kept in the package's .build, and nothing else is left.
        try? files.removeItem(atPath: package + "/.build")
        defer { try? files.removeItem(atPath: package + "/.build") }
        let before = try files.subpathsOfDirectory(atPath: package).sorted()
        // Later runs reuse the build folder and still see every diagnostic of the package (a third
        // run once failed: SwiftPM, its plan cached, did not write again what the second run removed).
        for run in 1...3 {
            let result = try await runActorlings(["explain", "--build", package], in: TestPaths.repositoryRoot, environment: ["TMPDIR": temporary])
            #expect(result.status == 1)
            #expect(result.output.contains("reusing .build/actorlings-explain") == (run > 1))
            #expect(result.output.contains("3 concurrency diagnostics in 2 kinds"), "run \(run)")
            #expect(result.output.contains("2 × Actor-isolated state used from outside its actor"))
            #expect(result.output.contains("Sources/Feed/Feed.swift:13:10: main actor-isolated property 'items' can not be mutated from a nonisolated context"))
        }
        #expect(try files.subpathsOfDirectory(atPath: package).filter { !$0.hasPrefix(".build") }.sorted() == before, "the build left files in the package")
        #expect(try Data(contentsOf: URL(fileURLWithPath: package + "/Package.resolved")) == resolved)
        #expect(try files.contentsOfDirectory(atPath: temporary).isEmpty, "the build left files in TMPDIR")
        let missing = try await runActorlings(["explain", "--build", "/nonexistent"], in: TestPaths.repositoryRoot)
        #expect(missing.status == 64)
        #expect(missing.errors.contains("has no Package.swift"))
    }

    @Test("dev check compiles each entry's examples and text blocks: claims hold and every diagnostic is the entry's own")
    func knowledgeExamples() async throws {
        let root = TestPaths.testsDirectory.appendingPathComponent("Fixtures/explain-knowledge").path
        defer { try? FileManager.default.removeItem(atPath: root + "/.actorlings") }
        let files = LocalCourseFiles(root: TestPaths.fixtureCourse)
        let course = try CourseLoader(files: files).load()
        guard case .text(let shipped) = files.read(ShippedFiles.path) else {
            Issue.record("the fixture course has no \(ShippedFiles.path)")
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let toolchain = try await Toolchain.locate(environment: environment, minimum: course.minimumSwift)
        let checker = ExerciseChecker(
            root: root, course: course, shipped: try ShippedFiles(parsing: shipped), builder: ExerciseBuilder(toolchain: toolchain, environment: environment))
        let findings = try await CourseVerifier(checker: checker).verifyKnowledgeBase().map(\.description)
        let sending = "Lessons/Explanations/sending.toml"
        let expected = [
            "\(sending) example 1: should fail with [regionbasedisolation_named_send_yields_race], but the errors were: "
                + "main actor-isolated property 'items' can not be referenced from a nonisolated context [actor_isolated_non_self_reference]",
            "\(sending) example 1: produces error: main actor-isolated property 'items' can not be referenced from a nonisolated context "
                + "[actor_isolated_non_self_reference], which this entry does not list in `ids` (Lessons/Explanations/isolated-reference.toml explains it)",
            "\(sending) (Swift block in its text): should fail with [SendingRisksDataRace], but the errors were: none",
        ]
        // The fixture's catalog is not the toolchain's: its gaps are reported, then the entries' findings.
        #expect(findings.first?.hasPrefix("\(DiagnosticCatalog.path): Swift ") == true)
        #expect(Array(findings.filter { !$0.hasPrefix(DiagnosticCatalog.path) }) == expected)
    }
}
