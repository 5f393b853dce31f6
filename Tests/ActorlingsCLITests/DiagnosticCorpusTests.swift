import ActorlingsCore
import ActorlingsRuntime
import ActorlingsTestSupport
import Foundation
import Testing

/// Coverage of the knowledge base, measured: every error and warning that the corpus programs
/// in `Fixtures/diagnostics` produce must have an explanation, and so must every captured
/// run-time message.
@Suite("Diagnostic corpus")
struct DiagnosticCorpusTests {
    static let corpus = TestPaths.testsDirectory.appendingPathComponent("Fixtures/diagnostics").path

    private func knowledge() throws -> KnowledgeBase {
        try ExplanationLoader(files: LocalCourseFiles(root: TestPaths.repositoryRoot)).load()
    }

    @Test("Every diagnostic the corpus produces has an entry")
    func compilerDiagnostics() async throws {
        let knowledge = try knowledge()
        let programs = ((try? FileManager.default.contentsOfDirectory(atPath: Self.corpus)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(programs.count >= 20, "the corpus should cover the knowledge base")
        let environment = ProcessInfo.processInfo.environment
        let toolchain = try await Toolchain.locate(environment: environment, minimum: ToolchainVersion([6, 2]))
        let results = try await withThrowingTaskGroup(of: (String, [Diagnostic]).self) { group in
            var pending = programs[...]
            var results: [(String, [Diagnostic])] = []
            func start() {
                guard let program = pending.popFirst() else { return }
                group.addTask { (program, try await Self.compile(program, swiftc: toolchain.swiftc, environment: environment)) }
            }
            for _ in 0..<2 { start() }
            while let result = try await group.next() {
                results.append(result)
                start()
            }
            return results
        }
        var distinct = Set<String>()
        for (program, diagnostics) in results.sorted(by: { $0.0 < $1.0 }) {
            #expect(!diagnostics.isEmpty, "\(program) produces no diagnostic")
            for diagnostic in diagnostics {
                distinct.insert(diagnostic.identifier ?? diagnostic.message)
                #expect(
                    knowledge.explanation(for: diagnostic) != nil,
                    "no entry explains \(program): \(diagnostic.severity.rawValue): \(diagnostic.displayMessage) [\(diagnostic.identifier ?? "no id")]")
            }
        }
        print("Diagnostic corpus: \(programs.count) programs, \(distinct.count) distinct diagnostics, \(knowledge.entries.count) entries")
    }

    @Test("Every captured run-time message has an entry")
    func runtimeMessages() throws {
        let knowledge = try knowledge()
        let samples = ((try? FileManager.default.contentsOfDirectory(atPath: Self.corpus)) ?? []).filter { $0.hasPrefix("runtime-") && $0.hasSuffix(".txt") }
        #expect(samples.count >= 3)
        for sample in samples {
            let text = try String(contentsOfFile: Self.corpus + "/" + sample, encoding: .utf8)
            let explanation = knowledge.explanations(forText: text).first?.explanation
            #expect(explanation?.runtime == true, "\(sample) is not explained by a run-time entry")
        }
    }

    /// Compiles one corpus program with the flags on its first line (`// swiftc-flags: …`).
    static func compile(_ program: String, swiftc: String, environment: [String: String]) async throws -> [Diagnostic] {
        let path = corpus + "/" + program
        let firstLine = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", maxSplits: 1).first ?? ""
        let prefix = "// swiftc-flags:"
        let flags = firstLine.hasPrefix(prefix) ? firstLine.dropFirst(prefix.count).split(separator: " ").map(String.init) : []
        let result = try await Subprocess.run(
            ProcessRequest(
                executable: swiftc,
                arguments: [
                    "-parse-as-library", "-swift-version", "6", "-emit-sil", "-o", "/dev/null", "-diagnostic-style", "llvm",
                    "-Xfrontend", "-debug-diagnostic-names", "-module-name", "Corpus",
                ] + flags + [path],
                environment: environment, timeLimit: .seconds(120)))
        return DiagnosticParser.parse(result.output).filter { $0.severity == .error || $0.severity == .warning }
    }
}
